package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.config.Secrets;
import dev.perfsuite.results.SampleRecorder;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jmeter.save.CSVSaveService;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedStatsSummary;

/**
 * Cost of the per-sample listener path, in nanoseconds per sample, without any network: the
 * parts of the suite's recorder one by one and whole, beside what plain jmeter-java-dsl already
 * spends per sample (its own stats collector). Multi-threaded rows show lock contention.
 */
final class SampleCostBench {
  private static final int WARM_UP_OPS = 300_000;
  private static final int OPS = 300_000;
  private static final int ROUNDS = 5;

  @Test
  void shouldMeasureNanosPerSampleWhenListenersRecordSyntheticSamples() throws Exception {
    BenchSettings settings = BenchSettings.load();
    SampleEvent event = event();
    SampleSaveConfiguration save = new SampleSaveConfiguration();
    TestPlanStats dslStats = new TestPlanStats(EmbeddedStatsSummary::new);
    String line = CSVSaveService.resultToDelimitedString(event, event.getResult(), save, ",");
    Path dir = settings.out().resolve("sample-cost");
    Files.createDirectories(dir);

    List<String[]> rows = new ArrayList<>();
    rows.add(row("jmeter-java-dsl's own stats collector (in every run, bare too)", 1,
        e -> dslStats.addSampleResult(e.getResult()), event));
    rows.add(row("JTL line: CSVSaveService.resultToDelimitedString", 1,
        e -> CSVSaveService.resultToDelimitedString(e, e.getResult(), save, ","), event));
    rows.add(row("Secrets.mask of the line, no secrets registered", 1,
        e -> Secrets.mask(line), event));
    try (SampleRecorder recorder = SampleRecorder.create(dir.resolve("results.jtl"),
        Duration.ZERO, RunSettings.fromThisJvm())) {
      SampleListener listener = element(recorder);
      ((TestStateListener) listener).testStarted();
      rows.add(row("suite recorder, whole sampleOccurred (HDR x2 + JTL + mask)", 1,
          listener::sampleOccurred, event));
      rows.add(row("suite recorder, whole, 4 threads at once", 4, listener::sampleOccurred,
          event));
      rows.add(row("suite recorder, whole, 50 threads at once", 50, listener::sampleOccurred,
          event));
      rows.add(row("jmeter-java-dsl stats collector, 50 threads at once", 50,
          e -> dslStats.addSampleResult(e.getResult()), event));
      for (int i = 0; i < 4; i++) {
        Secrets.registerGenerated("eyJhbGciOiJSUzI1NiJ9.secret-" + i + "-" + "k".repeat(200));
      }
      rows.add(row("Secrets.mask of the line, 4 JWT-sized secrets registered", 1,
          e -> Secrets.mask(line), event));
      rows.add(row("suite recorder, whole, 4 secrets registered", 1, listener::sampleOccurred,
          event));
      ((TestStateListener) listener).testEnded();
    }
    StringBuilder table = new StringBuilder(String.format(Locale.ROOT, """
        Synthetic 200 OK HTTP samples (1 KiB body) fed straight to each listener in this JVM, \
        %d warm-up + %d x %d measured calls, median round. ns/sample with N threads = wall time / \
        all calls (throughput cost, contention included). At 20,000 req/s, 1,000 ns/sample = \
        2 %% of one core.

        | listener path | threads | ns/sample | samples/s one path can take |
        |---|---:|---:|---:|
        """, WARM_UP_OPS, ROUNDS, OPS));
    rows.forEach(r -> table.append("| ").append(String.join(" | ", r)).append(" |\n"));
    BenchReport.section(settings, "60-sample-cost", "Per-sample listener cost", table.toString());
    assertThat(rows).as("every listener path measured").hasSize(9);
  }

  private static SampleEvent event() throws Exception {
    HTTPSampleResult result = new HTTPSampleResult();
    result.setSampleLabel("POST echo 1KiB");
    result.setStampAndTime(System.currentTimeMillis(), 3);
    result.setLatency(2);
    result.setConnectTime(0);
    result.setResponseCode("200");
    result.setResponseMessage("OK");
    result.setSuccessful(true);
    result.setThreadName("bench 1-1");
    result.setDataType(SampleResult.TEXT);
    result.setResponseData(new byte[1024]);
    result.setBytes(1200L);
    result.setSentBytes(1300L);
    result.setAllThreads(200);
    result.setGroupThreads(200);
    result.setURL(new URL("http://127.0.0.1:8080/echo"));
    return new SampleEvent(result, "bench");
  }

  private static SampleListener element(SampleRecorder recorder) {
    ListedHashTree tree = new ListedHashTree();
    recorder.listener().buildTreeUnder(tree, new BuildTreeContext());
    return (SampleListener) tree.getArray()[0];
  }

  private static String[] row(String name, int threads, Consumer<SampleEvent> op,
      SampleEvent event) throws InterruptedException {
    run(threads, WARM_UP_OPS / threads, op, event);
    List<Double> nanos = new ArrayList<>();
    for (int round = 0; round < ROUNDS; round++) {
      long elapsed = run(threads, OPS / threads, op, event);
      nanos.add((double) elapsed / ((long) (OPS / threads) * threads));
    }
    double median = ListenerOverheadBench.median(nanos);
    return new String[] {name, Integer.toString(threads),
        String.format(Locale.ROOT, "%.0f", median),
        String.format(Locale.ROOT, "%,.0f", 1e9 / median)};
  }

  private static long run(int threads, int opsPerThread, Consumer<SampleEvent> op,
      SampleEvent event) throws InterruptedException {
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread worker = new Thread(() -> {
        try {
          start.await();
        } catch (InterruptedException e) {
          return;
        }
        for (int i = 0; i < opsPerThread; i++) {
          op.accept(event);
        }
      });
      worker.start();
      workers.add(worker);
    }
    long begin = System.nanoTime();
    start.countDown();
    for (Thread worker : workers) {
      worker.join();
    }
    return System.nanoTime() - begin;
  }
}
