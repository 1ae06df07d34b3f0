package dev.perfsuite.scenarios.sunbird.users;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import us.abstracta.jmeter.javadsl.core.postprocessors.DslJsr223PostProcessor.PostProcessorScript;
import us.abstracta.jmeter.javadsl.core.postprocessors.DslJsr223PostProcessor.PostProcessorVars;
import us.abstracta.jmeter.javadsl.core.preprocessors.DslJsr223PreProcessor.PreProcessorScript;
import us.abstracta.jmeter.javadsl.core.preprocessors.DslJsr223PreProcessor.PreProcessorVars;
import us.abstracta.jmeter.javadsl.core.util.PropertyScriptBuilder.PropertyScript;
import us.abstracta.jmeter.javadsl.core.util.PropertyScriptBuilder.PropertyScriptVars;

/**
 * Script elements of the journeys that carry a user's own token (profile read): when to fetch a
 * new one, what it says, and the device id. Classes, never lambdas; public so that JMeter can
 * instantiate them by name.
 */
public final class TokenScripts {
  /** The user's access token, extracted from the password grant's {@code access_token}. */
  public static final String USER_TOKEN = "userToken";
  /** The token's lifetime in seconds, extracted from {@code expires_in}. */
  public static final String USER_TOKEN_LIFETIME = "userTokenLifetime";
  /** Epoch ms from which the token counts as due for renewal. */
  public static final String REFRESH_AT = "userTokenRefreshAt";
  /** The Sunbird user id: the token's {@code sub}, without Sunbird's {@code f:<id>:} prefix. */
  public static final String USER_ID = "userId";
  /** One device id per JMeter thread, as one app installation would send. */
  public static final String DEVICE_ID = "deviceId";
  /** Value the extractors leave when the grant did not return a token. */
  public static final String NO_TOKEN = "USER_TOKEN_NOT_FOUND";
  /** Renew this long before the token expires, so no request carries an expired token. */
  static final long MARGIN_MILLIS = 30_000;

  private static final Pattern SUB = Pattern.compile("\"sub\"\\s*:\\s*\"([^\"]+)\"");

  private TokenScripts() {
  }

  /** If-controller condition: true when this thread has no token or its token is due. */
  public static class TokenDue implements PropertyScript<Boolean> {
    @Override
    public Boolean run(PropertyScriptVars s) {
      String due = s.vars.get(REFRESH_AT);
      return due == null || System.currentTimeMillis() >= Long.parseLong(due);
    }
  }

  /**
   * Post-processor of the password grant: from the extracted token, sets {@value #USER_ID} and
   * the renewal time; after a failed grant it clears the renewal time so the next iteration
   * tries again (and the profile read of this one fails visibly).
   */
  public static class UserTokenClaims implements PostProcessorScript {
    @Override
    public void runScript(PostProcessorVars s) {
      String token = s.vars.get(USER_TOKEN);
      String subject = token == null ? null : subject(token);
      if (subject == null) {
        s.vars.remove(REFRESH_AT);
        return;
      }
      s.vars.put(USER_ID, userId(subject));
      s.vars.put(REFRESH_AT, Long.toString(refreshAt(System.currentTimeMillis(),
          s.vars.get(USER_TOKEN_LIFETIME))));
    }
  }

  /** Pre-processor: gives the thread a device id on its first request. */
  public static class DeviceId implements PreProcessorScript {
    @Override
    public void runScript(PreProcessorVars s) {
      if (s.vars.get(DEVICE_ID) == null) {
        s.vars.put(DEVICE_ID, UUID.randomUUID().toString());
      }
    }
  }

  /** The {@code sub} claim of a JWT, or null when it is not a JWT with one. */
  static String subject(String jwt) {
    String[] parts = jwt.split("\\.");
    if (parts.length != 3) {
      return null;
    }
    try {
      String claims = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
      Matcher sub = SUB.matcher(claims);
      return sub.find() ? sub.group(1) : null;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** Sunbird's user id from a subject: Keycloak federation ids read {@code f:<provider>:<id>}. */
  static String userId(String subject) {
    return subject.startsWith("f:") ? subject.substring(subject.lastIndexOf(':') + 1) : subject;
  }

  /**
   * When to renew a token issued at {@code now}: {@link #MARGIN_MILLIS} before it expires, but
   * never before half its lifetime; at once when the lifetime is missing or not a number.
   */
  static long refreshAt(long now, String lifetimeSeconds) {
    long lifetime;
    try {
      lifetime = Long.parseLong(lifetimeSeconds) * 1000;
    } catch (NumberFormatException e) {
      return now;
    }
    return now + Math.max(lifetime / 2, lifetime - MARGIN_MILLIS);
  }
}
