package dev.perfsuite.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.OperatingSystemMXBean;
import dev.perfsuite.config.settings.JtlContent;
import dev.perfsuite.config.settings.WarmUpOrigin;
import dev.perfsuite.recovery.SummaryRebuild;
import java.lang.management.ManagementFactory;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.samplers.SampleEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Soak-sized results: {@code perf.jtl=errors|none} and {@code results.jtl.gz}, read back by the
 * suite's JTL readers; prints bytes per row and CPU per sample with and without gzip (the figures
 * of docs/results.md).
 */
class JtlCompressionTest {
  private static final long ORIGIN = 1_700_000_000_000L;
  private static final int SAMPLES = 200_000;

  @TempDir
  Path dir;

  private static SampleEvent sample(int i) {
    HTTPSampleResult s = new HTTPSampleResult();
    s.setStampAndTime(ORIGIN + i / 20, 3 + (i * 7919L) % 97);
    s.setSampleLabel(i % 2 == 0 ? "GET /users" : "POST /orders");
    s.setSuccessful(i % 100 != 0);
    s.setResponseCode(i % 100 != 0 ? "200" : "503");
    s.setResponseMessage(i % 100 != 0 ? "OK" : "Service Unavailable");
    s.setThreadName("orders 1-" + i % 50);
    s.setDataType("text");
    s.setBytes(512L + i % 13);
    s.setSentBytes(180);
    s.setAllThreads(50);
    s.setGroupThreads(50);
    s.setLatency(2 + i % 5);
    s.setConnectTime(i % 50 == 0 ? 1 : 0);
    try {
      s.setURL(new URL("http://127.0.0.1:8080/orders?page=" + i % 10));
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    }
    return new SampleEvent(s, "orders");
  }

  private Path record(String name, JtlContent content, boolean gzip) {
    Path run = dir.resolve(name);
    JtlWriter writer = new JtlWriter(run.resolve(ResultDirectory.JTL), content, gzip);
    try (SampleRecorder recorder = SampleRecorder.create(writer, Duration.ZERO,
        WarmUpOrigin.TEST_START)) {
      recorder.start(ORIGIN);
      for (int i = 0; i < SAMPLES; i++) {
        recorder.record(sample(i));
      }
    }
    return run;
  }

  private static long processCpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime();
  }

  private static long rows(Path run) throws Exception {
    long n = 0;
    try (JtlRows rows = JtlRows.open(ResultDirectory.jtl(run))) {
      while (rows.next() != null) {
        n++;
      }
    }
    return n;
  }

  @Test
  void shouldReadBackACompressedJtlWithEveryToolAndPrintItsCost() throws Exception {
    double[] cpu = new double[2];
    Path plain = null;
    Path gzip = null;
    for (int round = 0; round < 2; round++) {
      long start = processCpuNanos();
      plain = record("plain-" + round, JtlContent.ALL, false);
      cpu[0] = (processCpuNanos() - start) / (double) SAMPLES;
      start = processCpuNanos();
      gzip = record("gzip-" + round, JtlContent.ALL, true);
      cpu[1] = (processCpuNanos() - start) / (double) SAMPLES;
    }
    long plainBytes = Files.size(plain.resolve(ResultDirectory.JTL));
    long gzipBytes = Files.size(gzip.resolve(ResultDirectory.JTL_GZ));
    System.out.printf(Locale.ROOT, "JtlCompressionTest: %d rows; plain %.1f bytes/row, %.0f ns "
        + "CPU/sample; gzip %.1f bytes/row, %.0f ns CPU/sample (process CPU, 2nd round)%n",
        SAMPLES, plainBytes / (double) SAMPLES, cpu[0], gzipBytes / (double) SAMPLES, cpu[1]);

    assertThat(ResultDirectory.jtl(gzip)).as("the JTL of a compressed run")
        .hasFileName(ResultDirectory.JTL_GZ);
    assertThat(rows(gzip)).as("rows read back from results.jtl.gz").isEqualTo(SAMPLES);
    Files.writeString(gzip.resolve(ResultDirectory.RUN_PROPERTIES), "originMillis=" + ORIGIN
        + "\nwarmUpMillis=0\n");
    assertThat(SummaryRebuild.rebuild(gzip, Duration.ZERO).overall(Phase.MEASUREMENT)
        .samples()).as("samples of a summary rebuilt from results.jtl.gz").isEqualTo(SAMPLES);
    assertThat(gzipBytes).as("gzip bytes against plain").isLessThan(plainBytes / 4);
  }

  @Test
  void shouldKeepOnlyFailedRowsWithErrorsAndNoRowWithNone() throws Exception {
    assertThat(rows(record("errors", JtlContent.ERRORS, false))).as("rows with perf.jtl=errors")
        .isEqualTo(SAMPLES / 100);
    assertThat(rows(record("none", JtlContent.NONE, false))).as("rows with perf.jtl=none")
        .isZero();
  }

  @Test
  void shouldReadTheRowsBeforeTheCutWhenAGzipJtlEndsShort() throws Exception {
    Path run = record("cut", JtlContent.ALL, true);
    Path gz = run.resolve(ResultDirectory.JTL_GZ);
    byte[] bytes = Files.readAllBytes(gz);
    Files.write(gz, Arrays.copyOf(bytes, bytes.length / 2));

    long n = 0;
    try (JtlRows rows = JtlRows.open(gz)) {
      for (JtlRows.Row row = rows.next(); row != null; row = rows.next()) {
        n += row.complete() ? 1 : 0;
      }
    }
    assertThat(n).as("whole rows before the cut").isBetween(1L, (long) SAMPLES);
  }
}
