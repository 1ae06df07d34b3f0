package dev.perfsuite.sla;

import java.util.List;

/**
 * The outcome of an {@link Sla} on one run: one row per threshold, passing or failing.
 *
 * <p>{@link #toString()} gives the headline and the table, so the verdict reads well in assertion
 * messages and logs.
 *
 * @param results one row per threshold in declaration order, preceded by a failing "run completed"
 *     row when the run was interrupted; never empty, since an empty verdict would pass vacuously
 */
public record SlaVerdict(List<ThresholdResult> results) {
  /** Column names of {@link #cells()}: Scope, Metric, Expected, Actual, Verdict, Detail. */
  public static final List<String> COLUMNS = VerdictTable.HEADER;

  /** Copies the rows and rejects an empty verdict. */
  public SlaVerdict {
    results = List.copyOf(results);
    if (results.isEmpty()) {
      throw new IllegalArgumentException("a verdict needs at least one threshold result");
    }
  }

  /**
   * Whether every threshold passed, the "run completed" row included.
   *
   * @return true when the SLA was met
   */
  public boolean passed() {
    return results.stream().allMatch(ThresholdResult::passed);
  }

  /**
   * The failing rows, in table order.
   *
   * @return the failures, empty when the SLA was met
   */
  public List<ThresholdResult> failures() {
    return results.stream().filter(r -> !r.passed()).toList();
  }

  /**
   * Every row as an aligned plain-text table with the columns Scope, Metric, Expected, Actual,
   * Verdict and Detail; values carry their units (ms, %, req/s).
   *
   * @return the table, one line per row after a header and a rule, lines separated by {@code \n}
   */
  public String table() {
    return VerdictTable.text(results);
  }

  /**
   * The same rows as {@link #table()} as a GitHub Markdown table, for attaching to reports.
   *
   * @return the Markdown table, with {@code |} in cells escaped
   */
  public String markdown() {
    return VerdictTable.markdown(results);
  }

  /**
   * The cells of {@link #table()}, one list per row in {@link #COLUMNS} order, for reports that
   * render their own tables (the Allure page).
   */
  public List<List<String>> cells() {
    return VerdictTable.cells(results);
  }

  /**
   * Fails the calling test when any threshold failed, showing every row and not just the first
   * failure.
   *
   * @throws AssertionError whose message starts with
   *     {@code SLA breached: N of M thresholds failed} followed by the table
   */
  public void assertPassed() {
    if (!passed()) {
      throw new AssertionError(headline() + "\n" + table());
    }
  }

  /**
   * {@code SLA breached: N of M thresholds failed}, or {@code SLA met: M of M thresholds passed}.
   */
  public String headline() {
    int failed = failures().size();
    return failed == 0
        ? "SLA met: " + results.size() + " of " + results.size() + " thresholds passed"
        : "SLA breached: " + failed + " of " + results.size() + " thresholds failed";
  }

  @Override
  public String toString() {
    return headline() + "\n" + table();
  }
}
