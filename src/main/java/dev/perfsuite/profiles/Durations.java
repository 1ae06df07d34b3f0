package dev.perfsuite.profiles;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads and writes durations the way performance engineers type them: 30s, 5m, 1h30m, 250ms. */
public final class Durations {
  private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h|d)");
  private static final Pattern WHOLE = Pattern.compile("(\\d+(ms|s|m|h|d))+");

  private Durations() {
  }

  /**
   * Parses {@code 250ms}, {@code 30s}, {@code 5m}, {@code 1h30m}, {@code 2d} or ISO-8601
   * {@code PT30S}.
   *
   * @throws IllegalArgumentException for anything else, including a bare number (no unit)
   */
  public static Duration parse(String text) {
    String value = text.trim().toLowerCase(Locale.ROOT);
    if (value.startsWith("p")) {
      try {
        return Duration.parse(text.trim().toUpperCase(Locale.ROOT));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("not an ISO-8601 duration: " + text);
      }
    }
    if (!WHOLE.matcher(value).matches()) {
      throw new IllegalArgumentException("not a duration: '" + text
          + "' (use a number with a unit: 250ms, 30s, 5m, 1h30m, 2d, or ISO-8601 PT30S)");
    }
    Duration total = Duration.ZERO;
    Matcher part = PART.matcher(value);
    try {
      while (part.find()) {
        long amount = Long.parseLong(part.group(1));
        total = total.plus(switch (part.group(2)) {
          case "ms" -> Duration.ofMillis(amount);
          case "s" -> Duration.ofSeconds(amount);
          case "m" -> Duration.ofMinutes(amount);
          case "h" -> Duration.ofHours(amount);
          default -> Duration.ofDays(amount);
        });
      }
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("duration too long: '" + text + "'", e);
    }
    return total;
  }

  /**
   * Formats compactly: 1h30m, 45s, 250ms, 0s. A negative duration or one with a sub-millisecond
   * part has no compact form and is written in ISO-8601 ({@code PT0.0005S}), which
   * {@link #parse(String)} reads back.
   */
  public static String format(Duration duration) {
    if (duration.isZero()) {
      return "0s";
    }
    if (duration.isNegative() || duration.getNano() % 1_000_000 != 0) {
      return duration.toString();
    }
    StringBuilder text = new StringBuilder();
    long hours = duration.toHours();
    int minutes = duration.toMinutesPart();
    int seconds = duration.toSecondsPart();
    int millis = duration.toMillisPart();
    if (hours > 0) {
      text.append(hours).append('h');
    }
    if (minutes > 0) {
      text.append(minutes).append('m');
    }
    if (seconds > 0) {
      text.append(seconds).append('s');
    }
    if (millis > 0) {
      text.append(millis).append("ms");
    }
    return text.toString();
  }
}
