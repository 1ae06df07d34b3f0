package dev.perfsuite.config.settings;

import java.time.Duration;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A freeze of the echo backend, the known truth behind the suite's coordinated-omission tests. For
 * {@code length} out of every {@code period}, every request that arrives is held until the window
 * ends, then answered after the usual delay. Windows are aligned to the wall clock (one starts
 * whenever epoch ms is a multiple of the period), so a test knows when they fall without asking the
 * server.
 *
 * @param period time from one freeze's start to the next, whole ms
 * @param length how long each freeze lasts, whole ms, shorter than the period
 */
public record EchoStall(Duration period, Duration length) {
  private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m)");

  public EchoStall {
    Objects.requireNonNull(period, "period");
    Objects.requireNonNull(length, "length");
    if (period.toMillis() <= 0 || length.toMillis() <= 0 || length.compareTo(period) >= 0) {
      throw new IllegalArgumentException("a stall needs 0 < LENGTH < PERIOD, was "
          + period.toMillis() + "ms:" + length.toMillis() + "ms");
    }
  }

  /**
   * Parses {@code PERIOD:LENGTH}, each a whole number with {@code ms}, {@code s} or {@code m},
   * e.g. {@code 10s:1s}.
   *
   * @throws IllegalArgumentException naming the accepted form
   */
  public static EchoStall parse(String text) {
    String[] parts = text.trim().split(":");
    if (parts.length != 2) {
      throw new IllegalArgumentException("expected PERIOD:LENGTH such as 10s:1s, was '" + text
          + "'");
    }
    return new EchoStall(duration(parts[0], text), duration(parts[1], text));
  }

  private static Duration duration(String part, String whole) {
    Matcher m = DURATION.matcher(part.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("expected PERIOD:LENGTH such as 10s:1s or 2000ms:250ms,"
          + " was '" + whole + "'");
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(n);
      case "s" -> Duration.ofSeconds(n);
      default -> Duration.ofMinutes(n);
    };
  }

  /** How long a request arriving at {@code epochMillis} is held before it is served, ms. */
  public long holdMillis(long epochMillis) {
    long into = Math.floorMod(epochMillis, period.toMillis());
    long frozen = length.toMillis();
    return into < frozen ? frozen - into : 0;
  }

  /** The flag form, {@code PERIODms:LENGTHms}, that {@link #parse} reads back. */
  public String flag() {
    return period.toMillis() + "ms:" + length.toMillis() + "ms";
  }
}
