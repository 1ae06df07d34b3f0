package dev.perfsuite.config.settings;

import dev.perfsuite.profiles.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One rule of {@code perf.abort.latency}: stop the run when a percentile of one latency figure,
 * over the sliding window, exceeds a limit.
 *
 * <p>Written {@code [response.|service.]p<percentile>><duration>}, such as {@code p95>800ms},
 * {@code response.p99>1s} or {@code service.p99.9>2s}; without a prefix the rule judges response
 * time (what users saw). Rules are separated by commas; {@code off} means none.
 *
 * @param figure which latency the rule judges
 * @param percentile the percentile in (0, 100], such as 95 or 99.9
 * @param limit the rule fires when the percentile is strictly above this (whole ms)
 */
public record LatencyRule(LatencyFigure figure, double percentile, Duration limit) {
  private static final Pattern RULE = Pattern.compile(
      "(?:(response|service|corrected|raw)\\.)?p(\\d{1,2}(?:\\.\\d+)?|100)\\s*>\\s*(\\S+)");

  /** Rejects percentiles outside (0, 100] and limits under 1 ms. */
  public LatencyRule {
    if (!(percentile > 0 && percentile <= 100)) {
      throw new IllegalArgumentException("percentile must lie in (0, 100]: " + percentile);
    }
    if (limit.toMillis() < 1) {
      throw new IllegalArgumentException("limit must be at least 1ms: " + limit);
    }
  }

  /**
   * Parses a comma-separated list of rules, or {@code off} (any case, or blank) for none.
   *
   * @throws IllegalArgumentException naming the rule that does not parse and what it accepts
   */
  public static List<LatencyRule> parseAll(String text) {
    String value = text.trim();
    if (value.isEmpty() || "off".equalsIgnoreCase(value)) {
      return List.of();
    }
    List<LatencyRule> rules = new ArrayList<>();
    for (String part : value.split(",", -1)) {
      rules.add(parse(part));
    }
    return List.copyOf(rules);
  }

  /**
   * Parses one rule such as {@code p95>800ms} or {@code service.p99>1s}.
   *
   * @throws IllegalArgumentException naming the rule and the accepted form
   */
  public static LatencyRule parse(String text) {
    Matcher m = RULE.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException("'" + text.trim() + "' is not a latency rule (write "
          + "[response.|service.]p<percentile>><duration>, such as p95>800ms or service.p99>1s)");
    }
    LatencyFigure figure = m.group(1) == null ? LatencyFigure.RESPONSE
        : LatencyFigure.parse(m.group(1));
    Duration limit;
    try {
      limit = Durations.parse(m.group(3));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + text.trim() + "': the limit " + e.getMessage(), e);
    }
    try {
      return new LatencyRule(figure, Double.parseDouble(m.group(2)), limit);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + text.trim() + "': " + e.getMessage(), e);
    }
  }

  /** The rule as written in its canonical form, e.g. {@code response.p95>800ms}. */
  @Override
  public String toString() {
    return figure.name().toLowerCase(Locale.ROOT) + ".p" + percentileText() + ">"
        + limit.toMillis() + "ms";
  }

  /** The percentile without a trailing {@code .0}: {@code 95}, {@code 99.9}. */
  public String percentileText() {
    return percentile == Math.rint(percentile) ? Long.toString((long) percentile)
        : Double.toString(percentile);
  }
}
