package dev.perfsuite.engines.server;

import dev.perfsuite.config.EngineSettings;
import dev.perfsuite.config.RunSettings;
import dev.perfsuite.engines.SnapshotSink;
import dev.perfsuite.profiles.ArrivalTimer;
import dev.perfsuite.results.RecorderSnapshot;
import dev.perfsuite.results.SampleRecorder;
import dev.perfsuite.results.TimelineRecorder;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.testelement.property.ObjectProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import us.abstracta.jmeter.javadsl.core.listeners.BaseListener;

/**
 * The recorder element of {@code perf.remotes.samples=aggregate}, aggregating samples on each
 * remote engine.
 *
 * <p>It records that engine's samples in an engine-local {@link SampleRecorder} (exact
 * histograms, engine-local masked JTL flushed every second) and sends a cumulative
 * {@link RecorderSnapshot} to the controller's {@link SnapshotSink} every interval and once more
 * when the test ends; then, unless the JTL stays on the engine, it sends the JTL in chunks.
 *
 * <p>Deliberately not {@code Remoteable}: JMeter's controller would replace a remoteable
 * listener by an RMI wrapper and ship every sample to the controller. The sink's RMI stub
 * travels inside the element as an object property (JMeter clones copy properties, not fields);
 * the element is {@link NoThreadClone}, so all sampling threads of an engine share one recorder.
 */
public final class EngineRecorderListener extends BaseListener {
  private static final Logger LOG = LoggerFactory.getLogger(EngineRecorderListener.class);
  private final Supplier<SnapshotSink> sink;
  private final Settings settings;

  /**
   * Records this engine's samples and sends snapshots to the controller.
   *
   * @param sink where snapshots go (an exported RMI object's stub); asked when the plan is built,
   *     which is after the engine is set up, so RMI can be configured before the export; null
   *     when the plan is only built for inspection
   * @param settings what the engines need to aggregate like the controller
   */
  public EngineRecorderListener(Supplier<SnapshotSink> sink, Settings settings) {
    super("perf-suite engine recorder", null);
    this.sink = sink;
    this.settings = settings;
  }

  /**
   * What every engine aggregates with.
   *
   * @param runId the run's id, naming the engine-side work directory
   * @param warmUp the warm-up window from the engine's test start
   * @param interval how often a snapshot goes out
   * @param timelineWindow width of the timeline windows, as the controller's
   * @param sendJtl true to send the JTL to the controller at the end
   * @param controllerWatchdog how long snapshots may go undelivered before the engine takes its
   *     controller for gone and stops its test ({@code perf.remotes.watchdog})
   * @param run the controller's run settings: the engine records with its JTL content,
   *     compression, label cap and warm-up origin, whatever the engine's JVM sets
   */
  public record Settings(String runId, Duration warmUp, Duration interval,
      Duration timelineWindow, boolean sendJtl, Duration controllerWatchdog, RunSettings run)
      implements Serializable {

    public Settings {
      // Deserializing runs this too: a plan without the run's settings fails on the engine as
      // it arrives, instead of recording with the engine's defaults.
      Objects.requireNonNull(run, "run");
    }
  }

  @Override
  protected TestElement buildTestElement() {
    Element element = new Element();
    SnapshotSink stub = sink.get();
    if (stub != null) {
      // Absent while the plan is only inspected before the run (no sink exported yet).
      element.setProperty(new ObjectProperty(Element.SINK, stub));
    }
    element.setProperty(new ObjectProperty(Element.SETTINGS, settings));
    return element;
  }

  /** The JTL path an engine named {@code engine} uses for run {@code runId}. */
  public static Path jtlOf(Path workDirectory, String runId, String engine) {
    return workDirectory.resolve(runId).resolve(engine.replaceAll("[^A-Za-z0-9._-]", "_")
        + ".jtl");
  }

  /** The JMeter side, on the engine: one instance for all threads. */
  public static final class Element extends AbstractTestElement
      implements SampleListener, TestStateListener, NoThreadClone {
    private static final long serialVersionUID = 1L;
    static final String SINK = "PerfSuite.snapshotSink";
    static final String SETTINGS = "PerfSuite.engineSettings";
    private static final int CHUNK = 1 << 20;
    private static final int SEND_TRIES = 3;

    private transient volatile SampleRecorder recorder;
    private transient TimelineRecorder timeline;
    private transient Set<String> threads;
    private transient ScheduledExecutorService sender;
    private transient ScheduledExecutorService watchdog;
    private transient AtomicLong sequence;
    private transient String engine;
    private transient volatile long lastDelivered;
    private transient volatile boolean orphaned;

    /** For JMeter's reflective cloning. */
    public Element() {
    }

    private SnapshotSink sink() {
      return (SnapshotSink) getProperty(SINK).getObjectValue();
    }

    private Settings settings() {
      return (Settings) getProperty(SETTINGS).getObjectValue();
    }

    @Override
    public void sampleOccurred(SampleEvent event) {
      SampleRecorder current = recorder;
      if (current != null) {
        current.record(event);
      }
    }

    @Override
    public void sampleStarted(SampleEvent event) {
      // Only completed samples carry timings.
    }

    @Override
    public void sampleStopped(SampleEvent event) {
      // Only completed samples carry timings.
    }

    @Override
    public void testStarted() {
      testStarted("local");
    }

    @Override
    public synchronized void testStarted(String host) {
      if (recorder != null) {
        return;
      }
      Settings settings = settings();
      // The run's keys came with the plan; only where the JTL goes is the engine's own
      // (-Dperf.engine.work-dir, set by its operator).
      RunSettings run = settings.run();
      Path work = EngineSettings.fromThisJvm().workDirectory();
      engine = host;
      sequence = new AtomicLong();
      threads = ConcurrentHashMap.newKeySet();
      timeline = TimelineRecorder.every(settings.timelineWindow(), run.labelsMax());
      SampleRecorder created = SampleRecorder.create(jtlOf(work, settings.runId(), host),
          settings.warmUp(), run);
      created.observe(timeline);
      created.observe((result, phase, cause, transaction, timing) ->
          threads.add(result.getThreadName()));
      created.start(new SampleResult().currentTimeInMillis());
      recorder = created;
      lastDelivered = System.nanoTime();
      orphaned = false;
      sender = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "perf-snapshot-sender");
        t.setDaemon(true);
        return t;
      });
      long every = settings.interval().toMillis();
      sender.scheduleAtFixedRate(() -> send(false), every, every, TimeUnit.MILLISECONDS);
      // A thread of its own: a frozen controller holds the sender inside its call (up to the
      // RMI response deadline), and the engine must stop within the watchdog all the same.
      watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "perf-controller-watchdog");
        t.setDaemon(true);
        return t;
      });
      long check = Math.max(100, Math.min(every, 1000));
      watchdog.scheduleWithFixedDelay(this::stopIfOrphaned, check, check, TimeUnit.MILLISECONDS);
      LOG.info("perf-suite engine {}: aggregating samples, JTL {}, snapshot every {} ms", host,
          created.jtl().toAbsolutePath(), every);
    }

    @Override
    public void testEnded() {
      testEnded(engine);
    }

    @Override
    public synchronized void testEnded(String host) {
      SampleRecorder current = recorder;
      if (current == null) {
        return;
      }
      watchdog.shutdownNow();
      sender.shutdownNow();
      try {
        // Bounded: a send stuck on a frozen controller ends at the RMI response deadline.
        sender.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      current.close();
      // Only now: the closed recorder has written every sample with its intended start.
      ArrivalTimer.stopCarryingIntendedStart();
      if (orphaned) {
        // Nobody to send to: each try would wait for the response deadline. The JTL stays.
        LOG.warn("perf-suite engine {}: controller gone, final snapshot not sent, JTL kept at {}",
            engine, current.jtl().toAbsolutePath());
      } else {
        send(true);
        if (settings().sendJtl()) {
          sendJtl(current.jtl());
        }
      }
      recorder = null;
    }

    private void send(boolean last) {
      SampleRecorder current = recorder;
      if (current == null) {
        return;
      }
      RecorderSnapshot snapshot = current.snapshot(engine, sequence.incrementAndGet(), last,
          threads.size(), timeline);
      for (int attempt = 1; attempt <= (last ? SEND_TRIES : 1); attempt++) {
        try {
          sink().snapshot(ServedRun.token(), snapshot);
          lastDelivered = System.nanoTime();
          return;
        } catch (RemoteException | RuntimeException e) {
          // Snapshots are cumulative: the next one carries everything this one had.
          LOG.warn("perf-suite engine {}: snapshot {} not delivered (attempt {}): {}", engine,
              snapshot.sequence(), attempt, e.toString());
        }
      }
    }

    /**
     * Stops this engine's test when no snapshot reached the controller for longer than its
     * watchdog.
     *
     * <p>A snapshot call that returns is the controller's sign of life; none for the watchdog
     * means the controller is gone (killed, frozen, or cut off), and an engine must not keep
     * loading a target for nobody. Checked on a thread of its own, so a call stuck on a frozen
     * controller cannot hold the check. The engine's JTL stays on the engine.
     */
    private void stopIfOrphaned() {
      Duration silence = settings().controllerWatchdog();
      SampleRecorder current = recorder;
      if (current == null || orphaned || silence.isZero()
          || System.nanoTime() - lastDelivered < silence.toNanos()) {
        return;
      }
      orphaned = true;
      // The engine's operator must see why its test stopped: the console, as the banner.
      System.err.println("perf-suite engine " + engine + ": no snapshot reached the controller "
          + "for " + silence.toSeconds() + " s (perf.remotes.watchdog): the controller is gone, "
          + "stopping the test; JTL kept at " + current.jtl().toAbsolutePath());
      StandardJMeterEngine.stopEngineNow();
    }

    private void sendJtl(Path jtl) {
      try (InputStream in = Files.newInputStream(jtl)) {
        long offset = 0;
        byte[] buffer = new byte[CHUNK];
        while (true) {
          int n = in.readNBytes(buffer, 0, CHUNK);
          boolean last = n < CHUNK;
          sink().jtl(ServedRun.token(), engine, offset,
              n == CHUNK ? buffer : Arrays.copyOf(buffer, n), last);
          offset += n;
          if (last) {
            return;
          }
        }
      } catch (IOException | RuntimeException e) {
        // The controller warns of the missing JTL itself; here the cause is a diagnostic.
        LOG.warn("perf-suite engine {}: JTL {} not sent, it stays on this engine", engine, jtl,
            e);
      }
    }
  }
}
