package dev.perfsuite.history;

import dev.perfsuite.config.Secrets;
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
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.jmeter.save.CSVSaveService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The run history: one CSV file per scenario, {@code <directory>/<scenario>.csv}, one row per run
 * and label, appended and never rewritten.
 *
 * <p>CSV so that a spreadsheet opens it and {@code cat a.csv b.csv > pinned.csv} builds a pinned
 * baseline holding several scenarios (repeated header lines are skipped). Columns are found by
 * header name, so files written before a column was added stay readable. Appends take a file lock,
 * so parallel test JVMs writing the same scenario do not interleave rows. Reading never fails a
 * run on damage: bad bytes, half lines, wrong column counts and records of a newer format are
 * skipped and named ({@link HistoryReading#skipped}).
 */
public final class HistoryStore {
  static final List<String> COLUMNS = List.of("run", "time", "scenario", "target", "profile",
      "engine", "commit", "job", "build", "buildUrl", "interrupted", "windowMillis", "label",
      "samples", "errors", "errorPercent", "p50", "p90", "p95", "p99", "max", "mean", "throughput",
      "windows", "histogram", "selection", "shape", "outcome");
  private static final List<String> HEADER_KEYS = List.of("run", "scenario", "label", "samples");
  private static final Logger LOG = LoggerFactory.getLogger(HistoryStore.class);
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
      rows.append(Secrets.mask(row(run, label))).append('\n');
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
        StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock lock = channel.lock()) {
      cutHalfLine(channel);
      String text = (channel.size() == 0 ? String.join(",", COLUMNS) + "\n"
          : "") + rows;
      // One write of whole, newline-terminated lines: a writer killed mid-append leaves at most
      // one unterminated line, which readers drop and the next append cuts off.
      ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
      channel.position(channel.size());
      while (bytes.hasRemaining()) {
        channel.write(bytes);
      }
    }
  }

  /**
   * Cuts off the half line a killed writer left, so that the next rows start a line of their own.
   * Cut, not ended with a newline: a row cut just before its last values (an empty outcome, say)
   * would otherwise read as a whole row of an older format.
   */
  private static void cutHalfLine(FileChannel channel) throws IOException {
    long size = channel.size();
    if (size == 0 || lastByte(channel, size) == '\n') {
      return;
    }
    ByteBuffer chunk = ByteBuffer.allocate(8192);
    long end = size;
    while (end > 0) {
      long from = Math.max(0, end - chunk.capacity());
      chunk.clear().limit((int) (end - from));
      while (chunk.hasRemaining() && channel.read(chunk, from + chunk.position()) >= 0) {
        // A positional read may return fewer bytes than asked for: read the rest.
      }
      for (int i = chunk.position() - 1; i >= 0; i--) {
        if (chunk.get(i) == '\n') {
          channel.truncate(from + i + 1);
          return;
        }
      }
      end = from;
    }
    channel.truncate(0);
  }

  private static byte lastByte(FileChannel channel, long size) throws IOException {
    ByteBuffer last = ByteBuffer.allocate(1);
    channel.read(last, size - 1);
    return last.get(0);
  }

  /** Every run of {@code scenario} in this store, oldest first; empty when it never ran. */
  public List<RunRecord> runs(String scenario) {
    return reading(scenario).runs();
  }

  /**
   * The runs of {@code scenario} in this store and the damaged records skipped on the way. A file
   * that is not a history file at all, or cannot be read, is moved aside to
   * {@code <scenario>.csv.unreadable-<time>} so that the next append starts a new one.
   */
  public HistoryReading reading(String scenario) {
    Path file = file(scenario);
    if (!Files.isRegularFile(file)) {
      return HistoryReading.empty();
    }
    try {
      return parse(Files.readAllBytes(file), scenario, file);
    } catch (IOException | NotAHistoryFile e) {
      Path aside = file.resolveSibling(file.getFileName() + ".unreadable-"
          + DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT)
          .withZone(ZoneOffset.UTC).format(Instant.now()));
      String why = e instanceof IOException ? "cannot be read (" + e + ")" : e.getMessage();
      try {
        Files.move(file, aside);
      } catch (IOException moving) {
        return HistoryReading.empty().noting(file + ": " + why + "; could not move it aside ("
            + moving + "), this run is compared with nothing. Fix: move or delete " + file);
      }
      return HistoryReading.empty().noting(file + ": " + why + "; moved aside to " + aside
          + " and a new history started. Fix: nothing needed; delete " + aside
          + " once looked at");
    }
  }

  /**
   * The runs of {@code scenario} in any history file (the store's own or a pinned baseline), oldest
   * first; damaged records are skipped and logged.
   */
  public static List<RunRecord> read(Path file, String scenario) {
    HistoryReading reading = readNoting(file, scenario);
    reading.skipped().forEach(LOG::warn);
    return reading.runs();
  }

  /** As {@link #read}, returning the notes on skipped records instead of logging them. */
  public static HistoryReading readNoting(Path file, String scenario) {
    try {
      return parse(Files.readAllBytes(file), scenario, file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the run history " + file, e);
    }
  }

  private static HistoryReading parse(byte[] bytes, String scenario, Path file) {
    HistoryLines lines = HistoryLines.of(bytes, file);
    List<String> skipped = new ArrayList<>(lines.skipped());
    List<String> columns = null;
    Map<String, List<Row>> byRun = new LinkedHashMap<>();
    for (HistoryLines.Line line : lines.lines()) {
      String[] row = csv(line.text());
      String at = file + ":" + line.number() + ": ";
      if (row == null) {
        skipped.add(at + "not a CSV record (unbalanced quotes); skipped");
        continue;
      }
      if (line.damaged()) {
        if (columns == null && repairableHeader(row)) {
          // One bad byte in the header must not cost the whole history: columns are only ever
          // added at the end, so a header of n columns is this version's first n.
          columns = COLUMNS.subList(0, row.length);
          skipped.add(at + "the header has bytes that are not UTF-8 text; read as the "
              + row.length + " standard columns");
        } else {
          skipped.add(at + "bytes that are not UTF-8 text; skipped");
        }
        continue;
      }
      if (row.length == 1 && row[0].isEmpty()) {
        continue;
      }
      List<String> values = Arrays.asList(row);
      if (values.containsAll(HEADER_KEYS)) {
        columns = values;
        continue;
      }
      if (columns == null) {
        throw new NotAHistoryFile(file + " is not a run history file (first line: "
            + abbreviate(line.text()) + "). Fix: point perf.baseline at a file under "
            + "perf.history.dir");
      }
      List<String> names = names(columns, row.length);
      if (names == null) {
        skipped.add(at + (row.length > Math.max(columns.size(), COLUMNS.size())
            ? "a record of a newer history format (" + row.length + " columns, this version "
            + "knows " + COLUMNS.size() + "); skipped. Fix: read it with the newer version"
            : "wrong column count (" + row.length + ", the header has " + columns.size()
            + "); skipped"));
        continue;
      }
      Map<String, String> named = new LinkedHashMap<>();
      for (int i = 0; i < names.size(); i++) {
        named.put(names.get(i), row[i]);
      }
      if (scenario.equals(named.get("scenario"))) {
        byRun.computeIfAbsent(named.get("run"), r -> new ArrayList<>())
            .add(new Row(line.number(), named));
      }
    }
    List<RunRecord> runs = new ArrayList<>();
    for (List<Row> rows : byRun.values()) {
      try {
        runs.add(run(rows.stream().map(Row::values).toList()));
      } catch (RuntimeException e) {
        skipped.add(file + ":" + rows.get(0).number() + ": run " + rows.get(0).values()
            .get("run") + " has a corrupt value (" + e.getMessage() + "); its " + rows.size()
            + " row(s) skipped");
      }
    }
    return new HistoryReading(runs, skipped);
  }

  /** True when {@code row} is this version's header but for at most one damaged name. */
  private static boolean repairableHeader(String[] row) {
    if (row == null || row.length < HEADER_KEYS.size() || row.length > COLUMNS.size()) {
      return false;
    }
    int same = 0;
    for (int i = 0; i < row.length; i++) {
      same += row[i].equals(COLUMNS.get(i)) ? 1 : 0;
    }
    return same >= row.length - 1;
  }

  /**
   * The column names of a row of {@code length} values; null when they cannot be known. They are
   * the header's, or this version's when the row was appended under an older header (columns are
   * only ever added at the end).
   */
  private static List<String> names(List<String> header, int length) {
    if (length == header.size()) {
      return header;
    }
    if (length > header.size() && length <= COLUMNS.size()
        && header.equals(COLUMNS.subList(0, header.size()))) {
      return COLUMNS.subList(0, length);
    }
    return null;
  }

  private static String[] csv(String line) {
    try {
      return CSVSaveService.csvReadFile(new BufferedReader(new StringReader(line + "\n")), ',');
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static String abbreviate(String text) {
    return text.length() > 60 ? text.substring(0, 60) + "..." : text;
  }

  /** One data row and the line it came from. */
  private record Row(int number, Map<String, String> values) {
  }

  /** The file holds no history header: nothing in it can be read as runs. */
  private static final class NotAHistoryFile extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    NotAHistoryFile(String message) {
      super(message);
    }
  }

  private static RunRecord run(List<Map<String, String>> rows) {
    Map<String, String> first = rows.get(0);
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
    // Rows written before the outcome column, or without an outcome, recorded none.
    Optional<String> outcome = Optional.ofNullable(first.get("outcome")).filter(v -> !v.isEmpty());
    return new RunRecord(first.get("scenario"), identity,
        Boolean.parseBoolean(first.get("interrupted")), outcome,
        Duration.ofMillis(Long.parseLong(first.get("windowMillis"))), labels);
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
        label.histogram(), id.selection(), id.shape(), run.outcome().orElse(""));
    // A line break inside a value would split the record over two lines: see HistoryLines.
    return String.join(",", values.stream()
        .map(v -> CSVSaveService.quoteDelimiters(v.replace('\n', ' ').replace('\r', ' '),
            SPECIAL)).toList());
  }

  private static String decimal(double value) {
    return String.format(Locale.ROOT, "%.4f", value);
  }
}
