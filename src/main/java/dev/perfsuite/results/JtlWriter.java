package dev.perfsuite.results;

import dev.perfsuite.config.Secrets;
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
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
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
 * The CSV JTL of one recorder: sampling threads queue masked lines, one daemon writer thread
 * ({@code perf-jtl-writer}) drains the queue every 100 ms, one write per drain, and flushes every
 * second.
 *
 * <p>No line is dropped while the file can be written: the queue is unbounded, and
 * {@link #close} drains it before closing. A failed write (a full disk) is warned at once with the
 * row and time; from then on rows are counted, not kept, the run goes on on its in-memory
 * statistics, and {@link #truncation} says where the file ends. The header is written with the
 * first lines, not at {@link #open}: the sample variables a schedule adds (a column of their own)
 * are settled only once every test listener has started.
 */
final class JtlWriter {
  private static final Logger LOG = LoggerFactory.getLogger(JtlWriter.class);
  private static final Duration FLUSH_EVERY = Duration.ofSeconds(1);
  private static final long DRAIN_EVERY_MILLIS = 100;
  private static final int CHUNK_CHARS = 1 << 18;

  private final Path jtl;
  private final JtlContent content;
  private final Opener opener;
  private final ConcurrentLinkedQueue<String> pending = new ConcurrentLinkedQueue<>();
  private final AtomicLong offered = new AtomicLong();
  private final Object writeLock = new Object();
  private OutputStream out;
  /** Set once by {@link #open}, before any sample is queued; read by every sampling thread. */
  private SampleSaveConfiguration saveConfig;
  private ScheduledExecutorService flusher;
  private long lastFlush;
  private boolean headerWritten;
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
   * Creates the file (replacing one present) and starts the writer thread.
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
      flusher = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "perf-jtl-writer");
        t.setDaemon(true);
        return t;
      });
      flusher.scheduleWithFixedDelay(this::drain, DRAIN_EVERY_MILLIS, DRAIN_EVERY_MILLIS,
          TimeUnit.MILLISECONDS);
      return true;
    }
  }

  /**
   * Queues the sample's line, secrets masked; called from every sampling thread.
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
    if (transaction && saveConfig.saveSubresults()) {
      StringBuilder lines = new StringBuilder();
      append(lines, event, result);
      // One entry: the children stay right after their transaction whatever other threads write.
      pending.add(Secrets.mask(lines.toString()));
    } else {
      pending.add(Secrets.mask(CSVSaveService.resultToDelimitedString(event, result, saveConfig,
          ",")));
    }
  }

  /**
   * A transaction's children follow its row, as JMeter's CSV output writes sub-results
   * ({@code jmeter.save.saveservice.subresults}, on by default): only a transaction's, which
   * the recorder counts; an HTTP sampler's redirects stay inside their sample.
   */
  private void append(StringBuilder lines, SampleEvent event, SampleResult result) {
    if (!lines.isEmpty()) {
      lines.append('\n');
    }
    lines.append(CSVSaveService.resultToDelimitedString(event, result, saveConfig, ","));
    if (saveConfig.saveSubresults() && TransactionController.isFromTransactionController(result)) {
      for (SampleResult child : result.getSubResults()) {
        append(lines, event, child);
      }
    }
  }

  /** Rows the JTL was to hold so far, kept or not. */
  long rowsOffered() {
    return offered.get();
  }

  /** Where the JTL stopped after a failed write; empty while every row was written. */
  Optional<Truncation> truncation() {
    return Optional.ofNullable(truncation);
  }

  /** Writes queued lines, one write per chunk; flushes the file every second. */
  private void drain() {
    synchronized (writeLock) {
      if (out == null || truncation != null) {
        pending.clear();
        return;
      }
      StringBuilder chunk = new StringBuilder();
      long rows = 0;
      try {
        if (!headerWritten) {
          write(new StringBuilder(CSVSaveService.printableFieldNamesToString(saveConfig))
              .append('\n'), 0);
          headerWritten = true;
        }
        for (String line = pending.poll(); line != null; line = pending.poll()) {
          chunk.append(line).append('\n');
          rows++;
          if (chunk.length() >= CHUNK_CHARS) {
            write(chunk, rows);
            chunk.setLength(0);
            rows = 0;
          }
        }
        write(chunk, rows);
        long now = System.currentTimeMillis();
        if (now - lastFlush >= FLUSH_EVERY.toMillis()) {
          out.flush();
          lastFlush = now;
        }
      } catch (IOException | RuntimeException e) {
        failed(e);
      }
    }
  }

  private void write(CharSequence chunk, long rows) throws IOException {
    if (chunk.length() == 0) {
      return;
    }
    byte[] bytes = chunk.toString().getBytes(StandardCharsets.UTF_8);
    out.write(bytes);
    rowsWritten += rows;
    bytesWritten += bytes.length;
  }

  /** Warns at once, keeps counting rows and leaves the file ending on a whole row. */
  private void failed(Exception e) {
    truncation = new Truncation(rowsWritten, Instant.now(), e.getMessage() == null
        ? e.toString() : e.getMessage());
    pending.clear();
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

  /** Writes every queued line to disk; a failed write is reported by {@link #truncation}. */
  void flush() {
    drain();
    synchronized (writeLock) {
      if (out != null && truncation == null) {
        try {
          out.flush();
          lastFlush = System.currentTimeMillis();
        } catch (IOException e) {
          failed(e);
        }
      }
    }
  }

  /** Stops the writer thread, drains and closes the file; idempotent, never throws on I/O. */
  void close() {
    if (flusher != null) {
      flusher.shutdownNow();
    }
    drain();
    synchronized (writeLock) {
      if (out != null) {
        try {
          if (truncation == null) {
            out.close();
          }
        } catch (IOException e) {
          failed(e);
        } finally {
          out = null;
        }
      }
    }
  }
}
