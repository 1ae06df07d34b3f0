package dev.perfsuite.history;

import dev.perfsuite.config.Secrets;
import dev.perfsuite.results.JtlRows;
import dev.perfsuite.results.LabelCap;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.ResultDirectory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.HdrHistogram.Histogram;

/**
 * The exact measurement-phase histogram of every label, read back from the JTL a run wrote.
 *
 * <p>Reading the JTL rather than the recorder's live histograms keeps the history independent of
 * the engine (embedded or distributed, both write the same JTL) and lets a record be rebuilt from
 * an archived run directory. Phases are split exactly as the recorder splits them: a sample whose
 * start is less than {@code warmUpMillis} after {@code originMillis} (run.properties) is warm-up.
 *
 * <p>Labels are folded as the recorder folded them ({@code perf.labels.max}): a JTL label the run's
 * summaries do not name counts in {@value LabelCap#OTHER}, so a JTL of 100,000 labels with ids
 * makes the cap's histograms plus one, never one per label.
 */
final class MeasuredHistograms {

  private MeasuredHistograms() {
  }

  /**
   * Histograms per label of {@code labels} plus {@link LabelSummary#OVERALL}
   * (transaction-controller samples kept out of it, as the recorder does); empty when the
   * directory holds no JTL.
   *
   * @param labels the run's labels with statistics of their own (its summaries' labels); any other
   *     JTL label counts in {@value LabelCap#OTHER}
   */
  static Map<String, Histogram> read(Path runDirectory, Collection<String> labels) {
    Path jtl = ResultDirectory.jtl(runDirectory);
    Path facts = runDirectory.resolve(ResultDirectory.RUN_PROPERTIES);
    if (!Files.isRegularFile(jtl) || !Files.isRegularFile(facts)) {
      return Map.of();
    }
    try (JtlRows rows = JtlRows.open(jtl)) {
      Properties run = new Properties();
      try (BufferedReader factsIn = Files.newBufferedReader(facts, StandardCharsets.UTF_8)) {
        run.load(factsIn);
      }
      long measuredFrom = Long.parseLong(run.getProperty("originMillis", "0"))
          + Long.parseLong(run.getProperty("warmUpMillis", "0"));
      rows.require("timeStamp", "elapsed", "label");
      Map<String, String> named = named(labels);
      Map<String, Histogram> histograms = new LinkedHashMap<>();
      Histogram overall = new Histogram(3);
      histograms.put(LabelSummary.OVERALL, overall);
      for (JtlRows.Row row = rows.next(); row != null; row = rows.next()) {
        // A last line cut short by a killed run is left out, as the summary rebuild leaves it.
        if (!row.complete() || Long.parseLong(row.get("timeStamp")) < measuredFrom) {
          continue;
        }
        long millis = Math.max(0, Long.parseLong(row.get("elapsed")));
        String label = named.getOrDefault(row.get("label"), LabelCap.OTHER);
        histograms.computeIfAbsent(label, l -> new Histogram(3)).recordValue(millis);
        if (!row.transaction()) {
          overall.recordValue(millis);
        }
      }
      return histograms;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the JTL " + jtl + " for the run history", e);
    } catch (NumberFormatException e) {
      throw new IllegalStateException("the JTL " + jtl + " has a malformed row ("
          + e.getMessage() + "); the history needs the JMeter CSV the recorder writes", e);
    }
  }

  /**
   * The run's label for each label a JTL row may carry. That is the label itself, or the label
   * masked as the JTL writes it when it holds a secret.
   */
  private static Map<String, String> named(Collection<String> labels) {
    Map<String, String> named = new HashMap<>();
    for (String label : labels) {
      named.putIfAbsent(Secrets.mask(label), label);
    }
    for (String label : labels) {
      named.put(label, label);
    }
    return named;
  }
}
