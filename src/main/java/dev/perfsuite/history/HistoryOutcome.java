package dev.perfsuite.history;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What recording a run into the history produced: the record, the regression verdict and the
 * files written beside the run's JTL.
 *
 * @param run the record appended to the history
 * @param verdict the comparison with the baseline
 * @param verdictMarkdown {@code regression.md} in the run directory
 * @param verdictHtml {@code regression.html} in the run directory
 * @param trendChart {@code trend.png} in the run directory
 */
public record HistoryOutcome(RunRecord run, RegressionVerdict verdict, Path verdictMarkdown,
    Path verdictHtml, Path trendChart) {

  /** The trend chart's PNG bytes, for a report attachment; empty when a full disk cost it. */
  public byte[] trendPng() {
    if (!Files.isRegularFile(trendChart)) {
      return new byte[0];
    }
    try {
      return Files.readAllBytes(trendChart);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the trend chart " + trendChart, e);
    }
  }
}
