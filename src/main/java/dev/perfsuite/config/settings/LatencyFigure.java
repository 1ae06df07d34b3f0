package dev.perfsuite.config.settings;

import java.util.Locale;

/**
 * Which latency a verdict judges ({@code perf.sla.latency}).
 *
 * <p>{@link #RESPONSE} (the default) is what users saw: from the intended start in the open
 * model, corrected for coordinated omission in the closed model. {@link #SERVICE} is JMeter's
 * own elapsed time, from the actual send. {@code corrected} and {@code raw} are accepted as the
 * closed model's names for the two.
 */
public enum LatencyFigure {
  /** End minus intended start (open model) or the corrected distribution (closed model). */
  RESPONSE,
  /** End minus actual send: JMeter's elapsed. */
  SERVICE;

  /**
   * Parses {@code response}, {@code service}, {@code corrected} (= response) or {@code raw}
   * (= service), any case.
   *
   * @throws IllegalArgumentException for any other text
   */
  public static LatencyFigure parse(String text) {
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "response", "corrected" -> RESPONSE;
      case "service", "raw" -> SERVICE;
      default -> throw new IllegalArgumentException("not a latency figure: '" + text + "'");
    };
  }
}
