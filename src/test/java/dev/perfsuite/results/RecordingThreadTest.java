package dev.perfsuite.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.settings.JtlContent;
import dev.perfsuite.config.settings.WarmUpOrigin;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jmeter.save.CSVSaveService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recorder's own thread: users only queue their samples, one thread applies them, and the
 * JTL it writes is byte for byte what JMeter's CSV output writes for the same samples.
 */
class RecordingThreadTest {
  private static final long ORIGIN = 1_700_000_000_000L;

  @TempDir
  Path dir;

  private static SampleResult result(String label, long start, long elapsed, boolean ok,
      String code, String message) {
    SampleResult s = SampleResult.createTestSample(start, start + elapsed);
    // Stamped with its start, as every run configures JMeter (sampleresult.timestamp.start),
    // whatever this JVM's SampleResult stamps.
    s.setTimeStamp(start);
    s.setSampleLabel(label);
    s.setSuccessful(ok);
    s.setResponseCode(code);
    s.setResponseMessage(message);
    s.setThreadName("users 1-1");
    s.setDataType(SampleResult.TEXT);
    s.setContentType("application/json; charset=UTF-8");
    s.setBytes(1024L + elapsed);
    s.setSentBytes(200);
    s.setLatency(elapsed / 2);
    s.setConnectTime(elapsed / 4);
    return s;
  }

  /** Samples covering what a CSV row quotes, escapes or encodes, and a transaction. */
  private static List<SampleEvent> samples() {
    List<SampleEvent> events = new ArrayList<>();
    String[] labels = {"GET /users", "GET /a,b", "POST \"quoted\" \"twice\"", "line\nbreak",
        "café ünïcödé", "日本語のラベル", "emoji 😀 pair", "trailing space ", "semi;colon",
        "tab\there"};
    for (int i = 0; i < 60; i++) {
      String label = labels[i % labels.length];
      boolean ok = i % 7 != 3;
      SampleResult s = result(label, ORIGIN + 10L * i, 5 + i % 40, ok, ok ? "200" : "500",
          ok ? "OK" : "Internal Server Error, \"boom\" – ünïcödé");
      if (!ok) {
        s.setDataEncoding("UTF-8");
      }
      events.add(new SampleEvent(s, "users"));
    }
    SampleResult child1 = result("step, one", ORIGIN + 700, 10, true, "200", "OK");
    SampleResult child2 = result("step \"two\"", ORIGIN + 710, 20, false, "404", "Not Found");
    SampleResult transaction = result("Checkout ✓", ORIGIN + 700, 30, false, "404",
        "Number of samples in transaction : 2, number of failing samples : 1");
    transaction.addRawSubResult(child1);
    transaction.addRawSubResult(child2);
    events.add(new SampleEvent(transaction, "users"));
    return events;
  }

  @Test
  void shouldWriteTheJtlByteForByteAsJmetersCsvOutput() throws Exception {
    Path jtl = dir.resolve("results.jtl");
    List<SampleEvent> events = samples();
    StringBuilder expected = new StringBuilder();
    try (SampleRecorder recorder = SampleRecorder.create(new JtlWriter(jtl, JtlContent.ALL,
        Files::newOutputStream), Duration.ZERO, WarmUpOrigin.TEST_START)) {
      recorder.start(ORIGIN);
      SampleSaveConfiguration config = new SampleSaveConfiguration();
      expected.append(CSVSaveService.printableFieldNamesToString(config)).append('\n');
      for (SampleEvent event : events) {
        recorder.record(event);
        expected.append(CSVSaveService.resultToDelimitedString(event, event.getResult(), config,
            ",")).append('\n');
        if (event.getResult().getSubResults().length > 0) {
          for (SampleResult child : event.getResult().getSubResults()) {
            expected.append(CSVSaveService.resultToDelimitedString(event, child, config, ","))
                .append('\n');
          }
        }
      }
    }

    assertThat(Files.readAllBytes(jtl)).as("the JTL's bytes against JMeter's CSVSaveService")
        .isEqualTo(expected.toString().getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void shouldApplySamplesOnOneThreadAndReadThemBackAtOnce() throws Exception {
    Set<String> appliers = ConcurrentHashMap.newKeySet();
    int users = 8;
    int each = 5_000;
    List<LabelSummary> summaries;
    try (SampleRecorder recorder = SampleRecorder.create(new JtlWriter(dir.resolve("r.jtl"),
        JtlContent.NONE, Files::newOutputStream), Duration.ZERO, WarmUpOrigin.TEST_START)) {
      recorder.observe((result, phase, cause, transaction, timing) -> appliers.add(
          Thread.currentThread().getName()));
      recorder.start(ORIGIN);
      CyclicBarrier go = new CyclicBarrier(users);
      CountDownLatch done = new CountDownLatch(users);
      for (int u = 0; u < users; u++) {
        int user = u;
        Thread t = new Thread(() -> {
          try {
            go.await();
            for (int i = 0; i < each; i++) {
              SampleResult s = result("GET /x", ORIGIN + i, 3, true, "200", "OK");
              s.setThreadName("users 1-" + user);
              recorder.record(new SampleEvent(s, "users"));
            }
          } catch (Exception e) {
            throw new IllegalStateException(e);
          } finally {
            done.countDown();
          }
        }, "user-" + u);
        t.start();
      }
      done.await();
      summaries = recorder.summaries();
    }

    assertThat(summaries.stream().filter(s -> s.label().equals(LabelSummary.OVERALL))
        .mapToLong(LabelSummary::samples).sum())
        .as("every sample, read right after the users ended")
        .isEqualTo((long) users * each);
    assertThat(appliers).as("the threads observers saw samples on")
        .containsExactly("perf-recorder");
  }

  @Test
  void shouldApplyWhatIsQueuedWhenTheRecorderCloses() throws Exception {
    Path jtl = dir.resolve("closed.jtl");
    SampleRecorder recorder = SampleRecorder.create(new JtlWriter(jtl, JtlContent.ALL,
        Files::newOutputStream), Duration.ZERO, WarmUpOrigin.TEST_START);
    recorder.start(ORIGIN);
    for (int i = 0; i < 3_000; i++) {
      recorder.record(new SampleEvent(result("GET /y", ORIGIN + i, 2, true, "200", "OK"), "u"));
    }
    recorder.close();

    assertThat(Files.readAllLines(jtl)).as("header and every row after close, no flush asked")
        .hasSize(3_001);
    assertThat(recorder.sampleCount()).as("samples counted after close").isEqualTo(3_000);
  }

  @Test
  void shouldHoldUsersWhenTheQueueIsFullAndReportIt() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    long recorded;
    Optional<String> warning;
    try (SampleRecorder recorder = SampleRecorder.create(new JtlWriter(dir.resolve("s.jtl"),
        JtlContent.NONE, Files::newOutputStream), Duration.ZERO, WarmUpOrigin.TEST_START)) {
      recorder.observe((result, phase, cause, transaction, timing) -> {
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      recorder.start(ORIGIN);
      Thread releaser = new Thread(() -> {
        try {
          Thread.sleep(300);
        } catch (InterruptedException e) {
          return;
        }
        release.countDown();
      });
      releaser.start();
      int total = RecordingThread.CAPACITY + 1_000;
      for (int i = 0; i < total; i++) {
        recorder.record(new SampleEvent(result("GET /z", ORIGIN + i, 1, true, "200", "OK"), "u"));
      }
      recorded = recorder.sampleCount();
      warning = recorder.backpressure();
    }

    assertThat(recorded).as("no sample dropped while the queue was full")
        .isEqualTo(RecordingThread.CAPACITY + 1_000L);
    assertThat(warning).as("the run's warning that users waited for the recorder")
        .hasValueSatisfying(w -> assertThat(w).contains("the recorder fell behind")
            .contains("no sample was lost"));
  }
}
