package dev.perfsuite.engines;

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.http.entity.ContentType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Measurement, never run by the build (the name matches no Surefire or Failsafe include): the
 * same echo scenario and total users on the embedded engine, one remote engine and two remote
 * engines on this machine. Run with {@code mvn -o test -Dtest=DistributedThroughputFixture}.
 */
class DistributedThroughputFixture {
  private static final int USERS = 16;
  private static final LoadProfile PROFILE = Profiles.smoke().withUsers(USERS)
      .withRampUp(Duration.ofSeconds(2)).withHold(Duration.ofSeconds(23))
      .withWarmUp(Duration.ofSeconds(5));

  @TempDir
  Path results;

  @Test
  @Timeout(value = 15, unit = TimeUnit.MINUTES)
  void measureOneAgainstTwoEngines() {
    List<String> lines = new ArrayList<>();
    try (LocalRemoteEngines two = LocalRemoteEngines.start(2);
        LocalRemoteEngines one = LocalRemoteEngines.start(1)) {
      for (int delayMs : new int[] {0, 10}) {
        try (EchoBackend echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
            .withPort(0).withDelay(Duration.ofMillis(delayMs)))) {
          LoadPlan plan = LoadPlan.of("throughput-" + delayMs + "ms", PROFILE,
              httpSampler("POST echo", echo.uri().toString()).post("x".repeat(1024),
                  ContentType.APPLICATION_JSON));
          for (int round = 1; round <= 2; round++) {
            lines.add(line("embedded", delayMs, round,
                Engines.embedded(results, Duration.ofSeconds(2), Duration.ofSeconds(5))
                    .run(plan)));
            lines.add(line("1 remote", delayMs, round,
                one.engine(results, RemoteSplit.EVEN, Duration.ofSeconds(15)).run(plan)));
            lines.add(line("2 remote", delayMs, round,
                two.engine(results, RemoteSplit.EVEN, Duration.ofSeconds(15)).run(plan)));
          }
        }
      }
    }
    System.out.println("\nTHROUGHPUT " + USERS + " users, 1 KiB POST echo, 20 s measured "
        + "after 5 s warm-up");
    lines.forEach(l -> System.out.println("THROUGHPUT " + l));
  }

  private static String line(String engine, int delayMs, int round, RunResult result) {
    LabelSummary overall = result.overall(Phase.MEASUREMENT);
    return String.format(Locale.ROOT,
        "| %-8s | delay %2d ms | round %d | %8d samples | %8.1f req/s | mean %6.2f | p50 %3d | "
            + "p99 %4d | errors %d | interrupted %s |", engine, delayMs, round, overall.samples(),
        overall.throughput(), overall.latency().mean(), overall.latency().p50(),
        overall.latency().p99(), overall.errors(), result.interrupted());
  }
}
