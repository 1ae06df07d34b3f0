package dev.perfsuite.history;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.jmeter.save.CSVSaveService;

/**
 * The run history: one CSV file per scenario, {@code <directory>/<scenario>.csv}, one row per run
 * and label, appended and never rewritten.
 *
 * <p>CSV so that a spreadsheet opens it and {@code cat a.csv b.csv > pinned.csv} builds a pinned
 * baseline holding several scenarios (repeated header lines are skipped). Columns are found by
 * header name, so files written before a column was added stay readable. Appends take a file lock,
 * so parallel test JVMs writing the same scenario do not interleave rows.
 */
public final class HistoryStore {
  static final List<String> COLUMNS = List.of("run", "time", "scenario", "target", "profile",
      "engine", "commit", "job", "build", "buildUrl", "interrupted", "windowMillis", "label",
      "samples", "errors", "errorPercent", "p50", "p90", "p95", "p99", "max", "mean", "throughput",
      "windows", "histogram", "selection", "shape");
  private static final char[] SPECIAL = {',', '"', '\n', '\r'};
  /** File locks guard other JVMs; within one JVM two overlapping locks would throw instead. */
  private static final Object APPENDING = new Object();

  private final Path directory;

  private HistoryStore(Path directory) {
    this.directory = directory;
  }

  /** The store in {@code directory}, created on the first append. */
  public static HistoryStore at(Path directory) {
    return new HistoryStore(directory);
  }

  /** Where the store keeps its files. */
  public Path directory() {
    return directory;
  }

  /** The history file of a scenario. */
  public Path file(String scenario) {
    return directory.resolve(scenario + ".csv");
  }

  /** Appends one run to its scenario's file. */
  public void append(RunRecord run) {
    Path file = file(run.scenario());
    StringBuilder rows = new StringBuilder();
    for (LabelRecord label : run.labels()) {
      rows.append(row(run, label)).append('\n');
    }
    try {
      Files.createDirectories(directory);
      synchronized (APPENDING) {
        appendLocked(file, rows);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to the run history " + file
          + ". Fix: make perf.history.dir writable or point it elsewhere", e);
    }
  }

  private static void appendLocked(Path file, CharSequence rows) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE,
        StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        FileLock lock = channel.lock()) {
      String text = (channel.size() == 0 ? String.join(",", COLUMNS) + "\n" : "") + rows;
      ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
      while (bytes.hasRemaining()) {
        channel.write(bytes);
      }
    }
  }

  /** Every run of {@code scenario} in this store, oldest first; empty when it never ran. */
  public List<RunRecord> runs(String scenario) {
    Path file = file(scenario);
    return Files.isRegularFile(file) ? read(file, scenario) : List.of();
  }

  /**
   * The runs of {@code scenario} in any history file (the store's own or a pinned baseline), oldest
   * first.
   */
  public static List<RunRecord> read(Path file, String scenario) {
    try {
      return parse(Files.readString(file, StandardCharsets.UTF_8), scenario, file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the run history " + file, e);
    }
  }

  private static List<RunRecord> parse(String text, String scenario, Path file)
      throws IOException {
    BufferedReader in = new BufferedReader(new StringReader(text));
    String[] header = CSVSaveService.csvReadFile(in, ',');
    if (header.length == 0) {
      return List.of();
    }
    List<String> columns = Arrays.asList(header);
    if (!columns.containsAll(List.of("run", "scenario", "label", "samples"))) {
      throw new IllegalStateException(file + " is not a run history file (header: " + columns
          + "). Fix: point perf.baseline at a file under perf.history.dir");
    }
    Map<String, List<Map<String, String>>> byRun = new LinkedHashMap<>();
    for (String[] row = CSVSaveService.csvReadFile(in, ','); row.length > 0;
        row = CSVSaveService.csvReadFile(in, ',')) {
      if (row.length == 1 && row[0].isEmpty() || Arrays.asList(row).equals(columns)) {
        continue;
      }
      Map<String, String> values = new LinkedHashMap<>();
      for (int i = 0; i < columns.size() && i < row.length; i++) {
        values.put(columns.get(i), row[i]);
      }
      if (scenario.equals(values.get("scenario"))) {
        byRun.computeIfAbsent(values.get("run"), r -> new ArrayList<>()).add(values);
      }
    }
    List<RunRecord> runs = new ArrayList<>();
    for (List<Map<String, String>> rows : byRun.values()) {
      runs.add(run(rows, file));
    }
    return runs;
  }

  private static RunRecord run(List<Map<String, String>> rows, Path file) {
    Map<String, String> first = rows.get(0);
    try {
      Optional<RunIdentity.JenkinsBuild> build = Optional.of(first.getOrDefault("build", ""))
          .filter(b -> !b.isEmpty())
          .map(b -> new RunIdentity.JenkinsBuild(first.getOrDefault("job", ""), b,
              first.getOrDefault("buildUrl", "")));
      // Rows written before the selection column came from the main job: the catalogue.
      String selection = Optional.ofNullable(first.get("selection")).filter(v -> !v.isEmpty())
          .orElse(RunIdentity.CATALOGUE);
      RunIdentity identity = new RunIdentity(first.get("run"), Instant.parse(first.get("time")),
          first.get("commit"), first.get("target"), first.get("profile"), first.get("engine"),
          build, selection, first.getOrDefault("shape", LoadShape.UNKNOWN));
      List<LabelRecord> labels = rows.stream().map(HistoryStore::label).toList();
      return new RunRecord(first.get("scenario"), identity,
          Boolean.parseBoolean(first.get("interrupted")),
          Duration.ofMillis(Long.parseLong(first.get("windowMillis"))), labels);
    } catch (RuntimeException e) {
      throw new IllegalStateException("corrupt row for run " + first.get("run") + " in " + file
          + ": " + e.getMessage() + ". Fix: delete that run's rows or the file", e);
    }
  }

  private static LabelRecord label(Map<String, String> v) {
    List<LabelRecord.Window> windows = new ArrayList<>();
    for (String token : v.getOrDefault("windows", "").trim().split(" ")) {
      if (!token.isEmpty()) {
        String[] f = token.split(":");
        windows.add(new LabelRecord.Window(Long.parseLong(f[0]), Long.parseLong(f[1]),
            Long.parseLong(f[2]), Long.parseLong(f[3])));
      }
    }
    return new LabelRecord(v.get("label"), Long.parseLong(v.get("samples")),
        Long.parseLong(v.get("errors")), Long.parseLong(v.get("p50")),
        Long.parseLong(v.get("p90")), Long.parseLong(v.get("p95")),
        Long.parseLong(v.get("p99")), Long.parseLong(v.get("max")),
        Double.parseDouble(v.get("mean")), Double.parseDouble(v.get("throughput")), windows,
        v.getOrDefault("histogram", ""));
  }

  private static String row(RunRecord run, LabelRecord label) {
    RunIdentity id = run.identity();
    StringBuilder windows = new StringBuilder();
    for (LabelRecord.Window w : label.windows()) {
      if (windows.length() > 0) {
        windows.append(' ');
      }
      windows.append(w.samples()).append(':').append(w.errors()).append(':')
          .append(w.p95Millis()).append(':').append(w.p99Millis());
    }
    List<String> values = List.of(id.runId(), id.time().toString(), run.scenario(), id.target(),
        id.profile(), id.engine(), id.commit(),
        id.build().map(RunIdentity.JenkinsBuild::job).orElse(""),
        id.build().map(RunIdentity.JenkinsBuild::number).orElse(""),
        id.build().map(RunIdentity.JenkinsBuild::url).orElse(""),
        Boolean.toString(run.interrupted()), Long.toString(run.window().toMillis()), label.label(),
        Long.toString(label.samples()), Long.toString(label.errors()),
        decimal(label.errorPercent()), Long.toString(label.p50Millis()),
        Long.toString(label.p90Millis()), Long.toString(label.p95Millis()),
        Long.toString(label.p99Millis()), Long.toString(label.maxMillis()),
        decimal(label.meanMillis()), decimal(label.throughput()), windows.toString(),
        label.histogram(), id.selection(), id.shape());
    return String.join(",", values.stream()
        .map(v -> CSVSaveService.quoteDelimiters(v, SPECIAL)).toList());
  }

  private static String decimal(double value) {
    return String.format(Locale.ROOT, "%.4f", value);
  }
}
