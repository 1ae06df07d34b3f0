package dev.perfsuite.bench;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One request from a tool's per-request output (hey's CSV, Vegeta's results), for the users
 * table's hold window: when it was sent, its status (0: no response) and its latency.
 *
 * @param sentNanos send time in ns on the tool's own clock (hey: since its start; Vegeta: Unix)
 * @param status HTTP status, 0 when no response came
 * @param latencyNanos the tool's latency of it, in ns
 */
record SentRequest(long sentNanos, int status, long latencyNanos) {

  /**
   * The figures of the requests sent in {@code [fromNanos, fromNanos + hold)}: req/s over the
   * hold, errors (no response, or not 2xx/3xx), p50 and p99 (nearest rank) in ms, in the
   * {@link LoadTools} shape; empty when none was sent in it.
   */
  static Map<String, String> hold(List<SentRequest> sent, long fromNanos, Duration hold) {
    long to = fromNanos + hold.toNanos();
    List<SentRequest> inHold = sent.stream()
        .filter(s -> s.sentNanos() >= fromNanos && s.sentNanos() < to).toList();
    Map<String, String> r = new LinkedHashMap<>();
    if (inHold.isEmpty()) {
      return r;
    }
    long[] latencies = inHold.stream().mapToLong(SentRequest::latencyNanos).sorted().toArray();
    r.put("rps", LoadTools.fmt(inHold.size() * 1000.0 / hold.toMillis()));
    r.put("samples", Integer.toString(inHold.size()));
    r.put("errors", Long.toString(inHold.stream()
        .filter(s -> s.status() < 200 || s.status() >= 400).count()));
    r.put("p50", LoadTools.fmt(rank(latencies, 50) / 1e6));
    r.put("p99", LoadTools.fmt(rank(latencies, 99) / 1e6));
    return r;
  }

  private static long rank(long[] sorted, double percentile) {
    int index = (int) Math.ceil(percentile / 100 * sorted.length) - 1;
    return sorted[Math.max(0, index)];
  }
}
