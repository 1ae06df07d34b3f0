package dev.perfsuite.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A smoke run of the suite's engine with users on virtual threads pins no carrier thread: JFR's
 * {@code jdk.VirtualThreadPinned} has no event from a user at JFR's default threshold (20 ms;
 * recorded from 0 ms, the shorter ones are printed). Without the group's lead user
 * ({@link FirstSample}) the first requests pinned (this test's figure: docs/performance.md,
 * "Figures behind design choices"). Java 24+ only, where
 * JEP 491 lets HttpClient 4's {@code synchronized} pool code unmount; CI runs it on Java 25
 * ({@code .ci/java25.sh}).
 */
class VirtualUsersPinningIT {
  private static final String PINNED = "jdk.VirtualThreadPinned";
  /** JFR's own threshold for the event in its default and profile settings. */
  private static final Duration JFR_DEFAULT_THRESHOLD = Duration.ofMillis(20);

  @TempDir
  Path temp;

  @Test
  @Timeout(120)
  void shouldPinNoCarrierThreadInASmokeRunOnVirtualUsers() throws Exception {
    assumeThat(Runtime.version().feature()).as("JEP 491 (Java 24+)")
        .isGreaterThanOrEqualTo(UserThreadFactory.UNPINNED_JAVA);
    Path dump = temp.resolve("pinning.jfr");
    RunResult result;
    try (Recording recording = new Recording();
        EchoBackend echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
            .withPort(0).withDelay(Duration.ofMillis(20)))) {
      recording.enable(PINNED).withThreshold(Duration.ZERO).withStackTrace();
      recording.start();
      LoadProfile profile = Profiles.smoke().withUsers(50).withRampUp(Duration.ofSeconds(1))
          .withHold(Duration.ofSeconds(4)).withWarmUp(Duration.ofSeconds(1))
          .withThinkTime(Duration.ofMillis(50)).withUserThreads(UserThreads.VIRTUAL);
      result = Engines.embedded(temp.resolve("results"), Duration.ofSeconds(2),
          Duration.ofSeconds(5)).run(LoadPlan.of("pinning", profile,
              httpSampler("GET echo", echo.uri().toString())));
      recording.stop();
      recording.dump(dump);
    }
    List<RecordedEvent> all = RecordingFile.readAllEvents(dump).stream()
        .filter(e -> e.getEventType().getName().equals(PINNED))
        .filter(e -> !jdkPoller(e)).toList();
    // Recorded from 0 ms so the output shows every pin; a class a later code path loads (the
    // connection pool's shutdown) can still pin for well under a millisecond.
    List<RecordedEvent> pins = all.stream()
        .filter(e -> e.getDuration().compareTo(JFR_DEFAULT_THRESHOLD) >= 0).toList();
    System.out.printf("pinning: %d pins from users, %d of them %d ms or longer%n", all.size(),
        pins.size(), JFR_DEFAULT_THRESHOLD.toMillis());

    assertThat(result.starts()).as("the run's user groups").singleElement().satisfies(start ->
        assertThat(start.virtual()).as("users ran on virtual threads").isTrue());
    assertThat(result.overall(Phase.MEASUREMENT).samples()).as("samples").isPositive();
    assertThat(result.overall(Phase.MEASUREMENT).errors()).as("errors").isZero();
    assertThat(pins).as("carrier pins (%s)", PINNED)
        .withFailMessage("%d pins (ms: %s), first stacks:%n%s", pins.size(), pins.stream()
            .map(e -> e.getDuration().toMillis() + "@" + e.getStartTime().toEpochMilli() % 100000)
            .toList(), stacks(pins)).isEmpty();
  }

  /**
   * The JDK's own I/O poller, itself a virtual thread on Java 25, parks pinned in its loop now and
   * then; that is no user's doing.
   */
  private static boolean jdkPoller(RecordedEvent pin) {
    return pin.getStackTrace() != null && pin.getStackTrace().getFrames().stream()
        .anyMatch(f -> f.getMethod().getType().getName().startsWith("sun.nio.ch.Poller"));
  }

  private static String stacks(List<RecordedEvent> pins) {
    return pins.stream().limit(3).map(e -> e.getStackTrace() == null ? "(no stack)"
        : e.getStackTrace().getFrames().stream().limit(25).map(VirtualUsersPinningIT::frame)
            .collect(Collectors.joining("\n  ", "  ", "\n"))).collect(Collectors.joining("--\n"));
  }

  private static String frame(RecordedFrame f) {
    return f.getMethod().getType().getName() + "." + f.getMethod().getName() + ":"
        + f.getLineNumber();
  }

}
