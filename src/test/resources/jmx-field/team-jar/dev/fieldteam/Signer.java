package dev.fieldteam;

/** A team's own helper that JSR223 scripts import: compiled into a jar by JmxFieldCorpusIT. */
public final class Signer {
  private Signer() {
  }

  public static String sign(String payload) {
    return "signed:" + payload + ":" + Integer.toHexString(payload.hashCode());
  }
}
