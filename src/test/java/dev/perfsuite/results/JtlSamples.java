package dev.perfsuite.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Test oracle: reads a run's JTL and run.properties back and recomputes what the summary should
 * say from the raw samples, independently of the recorder.
 */
public final class JtlSamples {

  /** One JTL row, with the columns the statistics use. */
  public record Row(long timeStamp, long elapsed, String label, String responseCode,
      boolean success, long bytes, long sentBytes) {
  }

  private final List<Row> rows;
  private final long origin;
  private final long warmUp;

  private JtlSamples(List<Row> rows, long origin, long warmUp) {
    this.rows = rows;
    this.origin = origin;
    this.warmUp = warmUp;
  }

  /** Reads {@code results.jtl} and {@code run.properties} of a run directory. */
  public static JtlSamples read(Path runDirectory) {
    try {
      List<Row> rows = new ArrayList<>();
      try (JtlRows jtl = JtlRows.open(runDirectory.resolve(ResultDirectory.JTL))) {
        for (JtlRows.Row f = jtl.next(); f != null; f = jtl.next()) {
          rows.add(new Row(Long.parseLong(f.get("timeStamp")), Long.parseLong(f.get("elapsed")),
              f.get("label"), f.get("responseCode"), Boolean.parseBoolean(f.get("success")),
              Long.parseLong(f.get("bytes")), Long.parseLong(f.get("sentBytes"))));
        }
      }
      Properties run = new Properties();
      try (var in = Files.newBufferedReader(runDirectory.resolve("run.properties"))) {
        run.load(in);
      }
      return new JtlSamples(rows, Long.parseLong(run.getProperty("originMillis")),
          Long.parseLong(run.getProperty("warmUpMillis")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** All rows, in file order. */
  public List<Row> rows() {
    return rows;
  }

  /**
   * Rows of a label ({@link LabelSummary#OVERALL} for all) in a phase, split as the recorder does.
   */
  public List<Row> rows(String label, Phase phase) {
    Predicate<Row> inPhase = r -> (r.timeStamp() - origin < warmUp) == (phase == Phase.WARM_UP);
    return rows.stream()
        .filter(inPhase)
        .filter(r -> LabelSummary.OVERALL.equals(label) || r.label().equals(label))
        .toList();
  }

  /** Elapsed times of a label in a phase. */
  public long[] elapsed(String label, Phase phase) {
    return rows(label, phase).stream().mapToLong(Row::elapsed).toArray();
  }

  /** Throughput as the reference tools define it: samples / (last end - first start). */
  public double throughput(String label, Phase phase) {
    List<Row> selected = rows(label, phase);
    long first = selected.stream().mapToLong(Row::timeStamp).min().orElseThrow();
    long last = selected.stream().mapToLong(r -> r.timeStamp() + r.elapsed()).max().orElseThrow();
    return selected.size() / (Math.max(1, last - first) / 1000.0);
  }

  /** Response codes of failed rows, counted. */
  public Map<String, Long> failedCodes() {
    return rows.stream().filter(r -> !r.success())
        .collect(Collectors.groupingBy(Row::responseCode, Collectors.counting()));
  }
}
