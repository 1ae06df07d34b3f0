package dev.perfsuite.reporting;

import dev.perfsuite.config.Secrets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A table a scenario adds to its report in the columns of the reference it reproduces. A seed's own
 * summary table is one; this is the extension point through which a system brings its tables, so
 * the suite's main code knows none of them.
 *
 * <p>Implementations live beside their scenarios and hand the table to
 * {@code PerfSession.report(...)}, which writes it beside the results and attaches its charts.
 */
public interface ReportTable {

  /** The column headers, verbatim from the reference. */
  List<String> headers();

  /** The rows as cells, in {@link #headers()} order. */
  List<List<String>> cells();

  /** Figures to attach beside the table; none by default. */
  default List<Charts.Png> charts(String title) {
    return List.of();
  }

  /** True when the table has no row yet (nothing to write or attach). */
  default boolean isEmpty() {
    return cells().isEmpty();
  }

  /** The table as Markdown, as printed at the end of a run. */
  default String markdown() {
    return Tables.markdown(headers(), cells());
  }

  /** Writes {@code <base>.csv} and {@code <base>.md} under {@code directory}; returns the CSV. */
  default Path write(Path directory, String base) {
    try {
      Files.createDirectories(directory);
      Files.writeString(directory.resolve(base + ".md"), Secrets.mask(markdown()),
          StandardCharsets.UTF_8);
      Path csv = directory.resolve(base + ".csv");
      Files.writeString(csv, Secrets.mask(Tables.csv(headers(), cells())),
          StandardCharsets.UTF_8);
      return csv;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + base + " under " + directory, e);
    }
  }
}
