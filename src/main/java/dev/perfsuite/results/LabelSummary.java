package dev.perfsuite.results;

import dev.perfsuite.config.settings.LatencyFigure;
import java.util.Map;

/**
 * Statistics of one label (or of all samplers, label {@link #OVERALL}) in one phase of a run.
 *
 * <p>Throughput is samples divided by the span from the first sample's start to the last sample's
 * end, in requests per second; received and sent rates are in KiB per second (1 KB = 1024 B, as
 * JMeter and the WSO2 tools report them).
 *
 * @param label the sampler label, or {@link #OVERALL}
 * @param phase warm-up or measurement
 * @param samples number of samples
 * @param errors number of failed samples
 * @param latency response-time statistics in ms
 * @param throughput samples per second over the phase's own span
 * @param receivedKBps received KiB per second
 * @param sentKBps sent KiB per second
 * @param firstStartMillis epoch ms when the first sample started, -1 with no samples
 * @param lastEndMillis epoch ms when the last sample ended, -1 with no samples
 * @param errorsByCause failed samples by cause; causes with no error are absent
 * @param errorsByStatus failed samples with an HTTP status, by status code
 * @param response response time, what users saw, in ms: from the intended start under the open
 *     model's schedule, corrected for coordinated omission in the closed model; equal to
 *     {@code latency} when the run had neither a schedule nor a stall
 * @param lateStarts open model: requests that started more than 10 ms after their intended
 *     start because no user was free (the generator fell behind its schedule)
 * @param maxLagMillis open model: the largest delay between an intended and an actual start
 * @param stalls closed model: samples slower than their user's expected interval that the
 *     coordinated-omission correction filled in
 */
public record LabelSummary(
    String label, Phase phase, long samples, long errors, LatencyStats latency,
    double throughput, double receivedKBps, double sentKBps,
    long firstStartMillis, long lastEndMillis,
    Map<ErrorCause, Long> errorsByCause, Map<String, Long> errorsByStatus,
    LatencyStats response, long lateStarts, long maxLagMillis, long stalls) {

  /** Label of the summary that aggregates every sampler (transaction controllers excluded). */
  public static final String OVERALL = "TOTAL";

  public LabelSummary {
    errorsByCause = Map.copyOf(errorsByCause);
    errorsByStatus = Map.copyOf(errorsByStatus);
  }

  /** A summary whose response time is its service time: no schedule, no stall corrected. */
  public LabelSummary(String label, Phase phase, long samples, long errors, LatencyStats latency,
      double throughput, double receivedKBps, double sentKBps, long firstStartMillis,
      long lastEndMillis, Map<ErrorCause, Long> errorsByCause,
      Map<String, Long> errorsByStatus) {
    this(label, phase, samples, errors, latency, throughput, receivedKBps, sentKBps,
        firstStartMillis, lastEndMillis, errorsByCause, errorsByStatus, latency, 0, 0, 0);
  }

  /** Service time: JMeter's elapsed, from the actual send to the end of the response. */
  public LatencyStats service() {
    return latency;
  }

  /** The latency figure a verdict judges: response time or service time. */
  public LatencyStats judged(LatencyFigure figure) {
    return figure == LatencyFigure.SERVICE ? latency : response;
  }

  /** Failed samples as a percentage of all samples, 0 when there were none. */
  public double errorPercent() {
    return samples == 0 ? 0 : errors * 100.0 / samples;
  }

  /**
   * Little's law L = X * R: the average number of requests in flight. That is throughput times mean
   * response time / 1000, as the WSO2 reports' "Little's law verification" column.
   */
  public double littlesLaw() {
    return samples == 0 ? 0 : throughput * latency.mean() / 1000.0;
  }

  /** Span of the phase from first start to last end in ms, 0 with no samples. */
  public long spanMillis() {
    return samples == 0 ? 0 : lastEndMillis - firstStartMillis;
  }
}
