package dev.perfsuite.engines.shipment;

import dev.perfsuite.config.settings.RemoteData;
import dev.perfsuite.engines.CsvRecords;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Deals a CSV data set's rows among engines, round-robin. Row {@code i} goes to engine
 * {@code i mod n}, so each engine gets its own users and the slices differ by at most one row.
 *
 * <p>A header line (variable names read from the file, or a first line the data set ignores)
 * stays at the top of every slice. With the data set's {@code quotedData} on, a quoted field may
 * span lines, as JMeter's quoted-data mode reads it, so a row ends only where its double quotes
 * balance; off (JMeter's default) a {@code "} is a plain character ({@code O"Brien}) and every
 * line is a row, as JMeter reads it then. A file with fewer rows than
 * engines is refused: an engine with an empty slice would read end-of-file values
 * ({@code <EOF>}) from its first iteration.
 */
final class CsvSlices {

  private CsvSlices() {
  }

  /**
   * The slices written.
   *
   * @param files one per engine, in engine order
   * @param rows data rows of the whole file (header excluded)
   */
  record Slices(List<Path> files, long rows) {

    /** How the rows were dealt, e.g. {@code 1000 rows dealt round-robin: 500/500}. */
    String describe() {
      long n = files.size();
      String sizes = n == 0 ? "" : (rows / n) + (rows % n == 0 ? " each" : "-" + (rows / n + 1)
          + " each");
      return String.format(Locale.ROOT, "%d rows dealt round-robin to %d engines, %s", rows, n,
          sizes);
    }
  }

  /**
   * Writes {@code csv}'s slices for {@code engines} engines under {@code dir}.
   *
   * @throws IllegalArgumentException when the file has fewer data rows than engines, naming the
   *     file, the rows, the engines and the fix
   */
  static Slices deal(DataFile csv, int engines, Path dir) throws IOException {
    Files.createDirectories(dir);
    List<Path> files = new ArrayList<>();
    List<Writer> writers = new ArrayList<>();
    long rows = 0;
    try (BufferedReader reader = Files.newBufferedReader(csv.file(), csv.charset())) {
      for (int i = 0; i < engines; i++) {
        Path slice = dir.resolve("slice-" + i + "-" + csv.file().getFileName());
        files.add(slice);
        writers.add(Files.newBufferedWriter(slice, csv.charset()));
      }
      String record;
      boolean first = true;
      while ((record = csv.quoted() ? CsvRecords.next(reader) : reader.readLine()) != null) {
        if (first && csv.header()) {
          for (Writer writer : writers) {
            writer.write(record);
            writer.write('\n');
          }
        } else {
          Writer writer = writers.get((int) (rows % engines));
          writer.write(record);
          writer.write('\n');
          rows++;
        }
        first = false;
      }
    } finally {
      for (Writer writer : writers) {
        writer.close();
      }
    }
    if (rows < engines) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "perf.remotes.data partitions %s among %d engines, but it has %d data row(s): every "
              + "engine needs at least one. Fix: add rows, or ship it whole with "
              + "-Dperf.remotes.data=shared (or leave it out of partitioned:FILE,...).",
          csv.file(), engines, rows));
    }
    return new Slices(files, rows);
  }

  /** The CSV files {@code data} partitions; names not matching a CSV data set are an error. */
  static List<DataFile> partitioned(List<DataFile> files, RemoteData data) {
    if (data.mode() != RemoteData.Mode.PARTITIONED) {
      return List.of();
    }
    List<DataFile> csvs = files.stream().filter(f -> f.kind() == DataFile.Kind.CSV).toList();
    if (data.partitioned().isEmpty()) {
      return csvs;
    }
    List<DataFile> chosen = new ArrayList<>();
    for (String name : data.partitioned()) {
      List<DataFile> matching = csvs.stream().filter(f -> matches(f, name)).toList();
      if (matching.isEmpty()) {
        throw new IllegalArgumentException("perf.remotes.data=" + data + " names '" + name
            + "', but no CSV data set of the plan reads such a file; the plan's CSV files are "
            + csvs.stream().map(f -> f.file().toString()).toList() + ". Fix: name one of them "
            + "(file name or path suffix).");
      }
      matching.stream().filter(f -> !chosen.contains(f)).forEach(chosen::add);
    }
    return chosen;
  }

  private static boolean matches(DataFile file, String name) {
    Path wanted = Path.of(name).normalize();
    return file.file().endsWith(wanted) || file.written().equals(name);
  }
}
