package dev.perfsuite.results;

import dev.perfsuite.config.Secrets;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.control.TransactionController;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jmeter.save.CSVSaveService;

/**
 * The CSV JTL of one recorder: sampling threads queue masked lines, one daemon writer thread
 * ({@code perf-jtl-writer}) drains the queue every 100 ms and flushes the file every second.
 *
 * <p>No line is ever dropped: the queue is unbounded, and {@link #close} drains it before closing.
 * The header is written with the first lines, not at {@link #open}: the sample variables a
 * schedule adds (a column of their own) are settled only once every test listener has started.
 */
final class JtlWriter {
  private static final Duration FLUSH_EVERY = Duration.ofSeconds(1);
  private static final long DRAIN_EVERY_MILLIS = 100;

  private final Path jtl;
  private final ConcurrentLinkedQueue<String> pending = new ConcurrentLinkedQueue<>();
  private final Object writeLock = new Object();
  private Writer writer;
  /** Set once by {@link #open}, before any sample is queued; read by every sampling thread. */
  private SampleSaveConfiguration saveConfig;
  private ScheduledExecutorService flusher;
  private long lastFlush;
  private boolean headerWritten;

  JtlWriter(Path jtl) {
    this.jtl = jtl;
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
      if (writer != null) {
        return false;
      }
      try {
        Files.createDirectories(jtl.toAbsolutePath().getParent());
        writer = new BufferedWriter(Files.newBufferedWriter(jtl, StandardCharsets.UTF_8),
            1 << 16);
        // Created here, not earlier: it reads JMeter's properties, which the run has set now.
        saveConfig = new SampleSaveConfiguration();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write JTL " + jtl, e);
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

  /** Queues the sample's line, secrets masked; called from every sampling thread. */
  void add(SampleEvent event) {
    StringBuilder lines = new StringBuilder();
    append(lines, event, event.getResult());
    // One entry: the children stay right after their transaction whatever other threads write.
    pending.add(Secrets.mask(lines.toString()));
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

  /** Writes queued lines; flushes the file every second. */
  private void drain() {
    synchronized (writeLock) {
      if (writer == null) {
        return;
      }
      try {
        if (!headerWritten) {
          writer.write(CSVSaveService.printableFieldNamesToString(saveConfig));
          writer.write('\n');
          headerWritten = true;
        }
        for (String line = pending.poll(); line != null; line = pending.poll()) {
          writer.write(line);
          writer.write('\n');
        }
        long now = System.currentTimeMillis();
        if (now - lastFlush >= FLUSH_EVERY.toMillis()) {
          writer.flush();
          lastFlush = now;
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot append to JTL " + jtl, e);
      }
    }
  }

  /** Writes every queued line to disk. */
  void flush() {
    drain();
    synchronized (writeLock) {
      if (writer != null) {
        try {
          writer.flush();
          lastFlush = System.currentTimeMillis();
        } catch (IOException e) {
          throw new UncheckedIOException("cannot flush JTL " + jtl, e);
        }
      }
    }
  }

  /** Stops the writer thread, drains and closes the file; idempotent. */
  void close() {
    if (flusher != null) {
      flusher.shutdownNow();
    }
    drain();
    synchronized (writeLock) {
      if (writer != null) {
        try {
          writer.close();
        } catch (IOException e) {
          throw new UncheckedIOException("cannot close JTL " + jtl, e);
        } finally {
          writer = null;
        }
      }
    }
  }
}
