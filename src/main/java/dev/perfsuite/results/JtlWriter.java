package dev.perfsuite.results;

import dev.perfsuite.config.settings.JtlContent;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPOutputStream;
import org.apache.jmeter.control.TransactionController;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jmeter.save.CSVSaveService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The CSV JTL of one recorder, written by the recorder's own thread ({@link RecordingThread}). Each
 * row is formatted by JMeter's {@code CSVSaveService} exactly as JMeter's own CSV output writes it,
 * secrets masked in its values before they are quoted ({@link JtlMasking}), and encoded as UTF-8
 * bytes into a buffer that goes to the file in chunks of {@value #CHUNK_BYTES} bytes, at least
 * every 100 ms; the file is flushed every second.
 *
 * <p>No row is dropped while the file can be written: {@link #close} writes the buffer before
 * closing. A failed write (a full disk) is warned at once with the row and time; from then on
 * rows are counted, not kept, the run goes on on its in-memory statistics, and
 * {@link #truncation} says where the file ends. The header is written with the first rows, not
 * at {@link #open}: the sample variables a schedule adds (a column of their own) are settled only
 * once every test listener has started.
 *
 * <p>Thread-safe, but meant for one writer: every method takes one lock, uncontended when only
 * the recorder's thread writes.
 */
final class JtlWriter {
  private static final Logger LOG = LoggerFactory.getLogger(JtlWriter.class);
  private static final Duration FLUSH_EVERY = Duration.ofSeconds(1);
  private static final long WRITE_EVERY_MILLIS = 100;
  private static final int CHUNK_BYTES = 1 << 18;

  private final Path jtl;
  private final JtlContent content;
  private final Opener opener;
  private final AtomicLong offered = new AtomicLong();
  private final Object writeLock = new Object();
  /** Rows formatted but not yet written, as UTF-8 bytes; guarded by {@link #writeLock}. */
  private final Buffer buffer = new Buffer();
  private final StringBuilder line = new StringBuilder(512);
  private OutputStream out;
  /** Set once by {@link #open}, before any sample is added. */
  private SampleSaveConfiguration saveConfig;
  private long lastWrite;
  private long lastFlush;
  private boolean headerWritten;
  private long bufferedRows;
  private long rowsWritten;
  private long bytesWritten;
  private volatile Truncation truncation;

  /** Opens the stream the JTL's bytes go to; tests inject faults here. */
  @FunctionalInterface
  interface Opener {
    OutputStream open(Path file) throws IOException;
  }

  /**
   * Where the JTL stopped: its first {@code rowsWritten} rows are whole on disk.
   *
   * @param rowsWritten data rows whole in the file
   * @param at when the write failed
   * @param cause the failure, as the file system gave it
   */
  record Truncation(long rowsWritten, Instant at, String cause) {
  }

  JtlWriter(Path jtl, JtlContent content, boolean compressed) {
    this(compressed ? jtl.resolveSibling(jtl.getFileName() + ".gz") : jtl, content,
        compressed ? JtlWriter::gzip : Files::newOutputStream);
  }

  JtlWriter(Path jtl, JtlContent content, Opener opener) {
    this.jtl = jtl;
    this.content = content;
    this.opener = opener;
  }

  private static OutputStream gzip(Path file) throws IOException {
    // Sync-flushed each second, so a killed JVM leaves a readable prefix.
    return new GZIPOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16),
        1 << 16, true);
  }

  Path path() {
    return jtl;
  }

  /**
   * Creates the file (replacing one present).
   *
   * @return false when it was open already
   */
  boolean open() {
    synchronized (writeLock) {
      if (out != null) {
        return false;
      }
      try {
        Files.createDirectories(jtl.toAbsolutePath().getParent());
        out = opener.open(jtl);
        // Created here, not earlier: it reads JMeter's properties, which the run has set now.
        saveConfig = new SampleSaveConfiguration();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write JTL " + jtl + ". Fix: make "
            + jtl.toAbsolutePath().getParent() + " writable or set perf.results-dir", e);
      }
      lastFlush = System.currentTimeMillis();
      lastWrite = lastFlush;
      return true;
    }
  }

  /**
   * Adds the sample's row, secrets masked, and a transaction's children's rows right after it;
   * called by the recorder's thread.
   *
   * @param transaction whether the sample is a transaction's (the recorder has asked already)
   */
  void add(SampleEvent event, boolean transaction) {
    SampleResult result = event.getResult();
    if (content == JtlContent.NONE || content == JtlContent.ERRORS && result.isSuccessful()) {
      return;
    }
    offered.incrementAndGet();
    if (truncation != null) {
      return;
    }
    synchronized (writeLock) {
      if (out == null || truncation != null) {
        return;
      }
      try {
        header();
        line.setLength(0);
        if (transaction && saveConfig.saveSubresults()) {
          append(line, event, result);
        } else {
          line.append(JtlMasking.masked(CSVSaveService.resultToDelimitedString(event,
              stampedAtStart(result), saveConfig, ",")));
        }
        buffer.append(line).append('\n');
        bufferedRows++;
        if (buffer.size() >= CHUNK_BYTES) {
          write();
        }
      } catch (IOException | RuntimeException e) {
        failed(e);
      }
    }
  }

  /**
   * Appends a transaction's children after its row, as JMeter's CSV output writes sub-results.
   * JMeter's key is {@code jmeter.save.saveservice.subresults}, on by default. Only a transaction's
   * children are written, which the recorder counts; an HTTP sampler's redirects stay inside their
   * sample.
   */
  private void append(StringBuilder lines, SampleEvent event, SampleResult result) {
    if (!lines.isEmpty()) {
      lines.append('\n');
    }
    lines.append(JtlMasking.masked(CSVSaveService.resultToDelimitedString(event,
        stampedAtStart(result), saveConfig, ",")));
    if (saveConfig.saveSubresults() && TransactionController.isFromTransactionController(result)) {
      for (SampleResult child : result.getSubResults()) {
        append(lines, event, child);
      }
    }
  }

  /**
   * {@code result}, or a copy stamped with its start. Every JTL row's timeStamp is the sample's
   * start ({@code sampleresult.timestamp.start}, as the WSO2 splitter and JMeter's dashboard read
   * it). JMeter reads that key once, when {@code SampleResult} loads, so in a JVM that made a
   * result before the run set the key, results are stamped with their end instead.
   */
  private static SampleResult stampedAtStart(SampleResult result) {
    long start = result.getStartTime();
    if (start <= 0 || result.getTimeStamp() == start) {
      return result;
    }
    // A copy, not the result itself: other listeners may be reading it on their own threads.
    SampleResult copy = new SampleResult(result);
    copy.setTimeStamp(start);
    return copy;
  }

  /** Rows the JTL was to hold so far, kept or not. */
  long rowsOffered() {
    return offered.get();
  }

  /** The verdict's warning when the file holds fewer rows than were offered; empty while whole. */
  Optional<String> incompleteWarning() {
    return truncation().map(t -> RunResult.INCOMPLETE + "JTL truncated at row "
        + t.rowsWritten() + " of " + rowsOffered() + " (" + t.cause() + " at " + t.at()
        + "); every figure comes from the exact in-memory statistics. Fix: free space in "
        + jtl.toAbsolutePath().getParent() + ", or -Dperf.jtl=errors or "
        + "-Dperf.jtl.compress=true");
  }

  /** Where the JTL stopped after a failed write; empty while every row was written. */
  Optional<Truncation> truncation() {
    return Optional.ofNullable(truncation);
  }

  /**
   * Writes the buffered rows when 100 ms passed since the last write and flushes the file every
   * second; the recorder's thread calls it between batches.
   */
  void tick(long nowMillis) {
    synchronized (writeLock) {
      if (out == null || truncation != null || nowMillis - lastWrite < WRITE_EVERY_MILLIS) {
        return;
      }
      try {
        write();
        lastWrite = nowMillis;
        if (nowMillis - lastFlush >= FLUSH_EVERY.toMillis()) {
          out.flush();
          lastFlush = nowMillis;
        }
      } catch (IOException | RuntimeException e) {
        failed(e);
      }
    }
  }

  /** The header line, before the first row (or with none, at the first write); guarded. */
  private void header() {
    if (!headerWritten) {
      buffer.append(CSVSaveService.printableFieldNamesToString(saveConfig)).append('\n');
      headerWritten = true;
    }
  }

  /** Writes the buffer in one write; guarded by {@link #writeLock}. */
  private void write() throws IOException {
    header();
    if (buffer.size() == 0) {
      return;
    }
    buffer.writeTo(out);
    rowsWritten += bufferedRows;
    bytesWritten += buffer.size();
    bufferedRows = 0;
    buffer.reset();
  }

  /** Warns at once, keeps counting rows and leaves the file ending on a whole row. */
  private void failed(Exception e) {
    truncation = new Truncation(rowsWritten, Instant.now(), e.getMessage() == null
        ? e.toString() : e.getMessage());
    buffer.reset();
    bufferedRows = 0;
    LOG.warn("results.jtl write failed at row {} ({}): {}. The run goes on; its statistics "
        + "stay exact in memory and the summary comes from them. Fix: free space in {}, or "
        + "-Dperf.jtl=errors, -Dperf.jtl.compress=true (see docs/results.md)", rowsWritten + 1,
        truncation.at(), truncation.cause(), jtl.toAbsolutePath().getParent());
    try {
      out.close();
    } catch (IOException ignored) {
      // The file is already short; the warning above names why.
    }
    if (!jtl.getFileName().toString().endsWith(".gz")) {
      // Truncating frees space even on a full disk, and tools then read whole rows only.
      try (FileChannel channel = FileChannel.open(jtl, StandardOpenOption.WRITE)) {
        channel.truncate(bytesWritten);
      } catch (IOException | UnsupportedOperationException ignored) {
        // A partial last row stays; readers of the suite skip it.
      }
    }
  }

  /** Writes every added row to disk; a failed write is reported by {@link #truncation}. */
  void flush() {
    synchronized (writeLock) {
      if (out != null && truncation == null) {
        try {
          write();
          out.flush();
          lastFlush = System.currentTimeMillis();
          lastWrite = lastFlush;
        } catch (IOException | RuntimeException e) {
          failed(e);
        }
      }
    }
  }

  /** Writes what is buffered and closes the file; idempotent, never throws on I/O. */
  void close() {
    synchronized (writeLock) {
      if (out != null) {
        try {
          if (truncation == null) {
            write();
            out.close();
          }
        } catch (IOException | RuntimeException e) {
          failed(e);
        } finally {
          out = null;
        }
      }
    }
  }

  /**
   * A byte buffer that encodes text as UTF-8 into itself, without the intermediate
   * {@code byte[]} of {@code String.getBytes}: ASCII, the common case, one byte per char. Not
   * synchronised (the writer's lock guards it), unlike {@code ByteArrayOutputStream}.
   */
  private static final class Buffer {
    private byte[] bytes = new byte[CHUNK_BYTES + (CHUNK_BYTES >> 2)];
    private int size;

    Buffer append(CharSequence text) {
      int n = text.length();
      ensure(n);
      for (int i = 0; i < n; i++) {
        char c = text.charAt(i);
        if (c < 0x80) {
          bytes[size++] = (byte) c;
        } else {
          // Rare: the JDK's encoder handles surrogates and malformed input as getBytes does;
          // a run of non-ASCII chars is encoded whole, so a surrogate pair is never split.
          int end = i + 1;
          while (end < n && text.charAt(end) >= 0x80) {
            end++;
          }
          byte[] encoded = text.subSequence(i, end).toString().getBytes(StandardCharsets.UTF_8);
          ensure(encoded.length + n - end);
          System.arraycopy(encoded, 0, bytes, size, encoded.length);
          size += encoded.length;
          i = end - 1;
        }
      }
      return this;
    }

    Buffer append(char c) {
      ensure(1);
      bytes[size++] = (byte) c;
      return this;
    }

    private void ensure(int more) {
      if (size + more > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
      }
    }

    int size() {
      return size;
    }

    void writeTo(OutputStream out) throws IOException {
      out.write(bytes, 0, size);
    }

    void reset() {
      size = 0;
    }
  }
}
