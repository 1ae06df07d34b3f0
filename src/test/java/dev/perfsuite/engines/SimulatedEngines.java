package dev.perfsuite.engines;

import dev.perfsuite.results.LabelSnapshot;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RecorderSnapshot;
import java.io.ObjectInputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * A model of many engines, for the fan-in benchmark: one JVM whose threads each play an engine,
 * sending real cumulative {@link RecorderSnapshot}s (synthetic histograms: no load is generated)
 * over real RMI to a controller's sink every second, and printing each call's round-trip time.
 *
 * <p>Arguments: stub file, engines, samples per second per engine, seconds, labels.
 */
final class SimulatedEngines {
  /** The benchmark run's token, which the controller's sink requires on every snapshot. */
  static final String TOKEN = "fan-in-bench";

  private SimulatedEngines() {
  }

  public static void main(String[] args) throws Exception {
    SnapshotSink sink;
    try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(Path.of(args[0])))) {
      sink = (SnapshotSink) in.readObject();
    }
    int engines = Integer.parseInt(args[1]);
    long perSecond = Long.parseLong(args[2]);
    int seconds = Integer.parseInt(args[3]);
    int labels = Integer.parseInt(args[4]);
    long[][] lags = new long[engines][];
    AtomicLong failures = new AtomicLong();
    CountDownLatch done = new CountDownLatch(engines);
    long start = System.currentTimeMillis() + 2000;
    for (int e = 0; e < engines; e++) {
      int index = e;
      Thread thread = new Thread(() -> {
        try {
          lags[index] = play(sink, "sim-" + index + ":1099", perSecond, seconds, labels, start,
              failures);
        } finally {
          done.countDown();
        }
      }, "engine-" + e);
      thread.setDaemon(true);
      thread.start();
    }
    done.await();
    long[] all = Arrays.stream(lags).flatMapToLong(Arrays::stream).sorted().toArray();
    System.out.printf("snapshots %d failed %d round-trip ms p50 %.1f p99 %.1f max %.1f%n",
        all.length, failures.get(), all[all.length / 2] / 1e6,
        all[(int) (all.length * 0.99)] / 1e6, all[all.length - 1] / 1e6);
  }

  private static long[] play(SnapshotSink sink, String engine, long perSecond, int seconds,
      int labels, long start, AtomicLong failures) {
    Random random = new Random(engine.hashCode());
    List<Histogram> histograms = new ArrayList<>();
    for (int l = 0; l <= labels; l++) {
      histograms.add(new Histogram(3));
    }
    long[] lags = new long[seconds];
    long count = 0;
    for (int s = 0; s < seconds; s++) {
      sleepUntil(start + (s + 1) * 1000L + random.nextInt(1000));
      for (int l = 1; l <= labels; l++) {
        long share = perSecond / labels;
        // A few hundred distinct response times, as a real second of samples would have.
        for (int v = 0; v < 200; v++) {
          long value = 1 + (long) Math.abs(random.nextGaussian() * 40);
          histograms.get(l).recordValueWithCount(value, share / 200);
          histograms.get(0).recordValueWithCount(value, share / 200);
        }
      }
      count = histograms.get(0).getTotalCount();
      List<LabelSnapshot> snapshots = new ArrayList<>();
      for (int l = 0; l <= labels; l++) {
        Histogram h = histograms.get(l);
        snapshots.add(new LabelSnapshot(l == 0 ? LabelSummary.OVERALL : "label-" + l,
            Phase.MEASUREMENT, encode(h), h.getTotalCount(), 0, h.getMean(),
            h.getStdDeviation() * h.getStdDeviation() * h.getTotalCount(), h.getMinValue(),
            h.getMaxValue(), start, start + (s + 1) * 1000L, 0, 0, Map.of(), Map.of()));
      }
      RecorderSnapshot snapshot = new RecorderSnapshot(engine, s + 1, s == seconds - 1, start,
          count, count, 100, 100, snapshots, 1000, List.of());
      long sent = System.nanoTime();
      try {
        sink.snapshot(TOKEN, snapshot);
      } catch (Exception e) {
        failures.incrementAndGet();
      }
      lags[s] = System.nanoTime() - sent;
    }
    return lags;
  }

  private static byte[] encode(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    return Arrays.copyOf(buffer.array(), length);
  }

  private static void sleepUntil(long millis) {
    long wait = millis - System.currentTimeMillis();
    if (wait > 0) {
      try {
        Thread.sleep(wait);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
