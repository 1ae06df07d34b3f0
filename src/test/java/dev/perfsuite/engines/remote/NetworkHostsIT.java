package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.scenarios.ScenarioLauncher;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Engines on hosts of their own: network namespaces ({@link NetworkHosts}), h1 the target (the
 * echo backend), h2 and h3 one engine each, started with {@code --hostname} their own address;
 * the controller runs in the root namespace and finds its callback address by itself. Every
 * engine link drops 1 % of its packets, and one is cut for 2 s (shorter than the watchdog: nothing
 * lost); then one engine's link is cut for longer than the watchdog, and mended for the next run.
 *
 * <p>Needs root, {@code ip} and {@code iptables} (CI runs as root and installs them); skipped
 * elsewhere with the reason.
 */
@TestInstance(Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class NetworkHostsIT {
  private static final Duration STARTUP = Duration.ofSeconds(90);
  private static final Duration WATCHDOG = Duration.ofSeconds(5);
  private static final Duration SHORT_CUT = Duration.ofSeconds(2);
  private static final int RMI_PORT = 1099;
  private static final Path LOGS = Path.of("target", "network-hosts").toAbsolutePath();

  private NetworkHosts hosts;
  private List<String> remotes;

  @BeforeAll
  void startHosts() throws Exception {
    NetworkHosts.requireAvailable();
    Files.createDirectories(LOGS);
    hosts = NetworkHosts.up(3);
    hosts.startEcho(1, 8688, LOGS, STARTUP, "--delay", "2");
    remotes = new ArrayList<>();
    for (int host = 2; host <= 3; host++) {
      remotes.add(hosts.address(host) + ":" + RMI_PORT);
    }
    hosts.startEngines(List.of(2, 3), RMI_PORT, LOGS, STARTUP, host -> List.of());
    hosts.loss(2, 0.01);
    hosts.loss(3, 0.01);
  }

  @AfterAll
  void stopHosts() {
    if (hosts != null) {
      hosts.close();
    }
  }

  @Test
  @Order(1)
  void shouldMergeExactFiguresOverALossyLinkAndLoseNothingToACutShorterThanTheWatchdog()
      throws Exception {
    long[] cutFor = {0};
    Controller run = controller("exact", "h-exact", line -> {
      if (line.contains(NetworkHostsRun.SAMPLING) && cutFor[0] == 0) {
        long cut = System.nanoTime();
        hosts.cut(3);
        pause(SHORT_CUT);
        hosts.mend(3);
        cutFor[0] = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cut);
      }
    });

    assertThat(cutFor[0]).as("h3 was cut mid-run for ms").isPositive()
        .isLessThan(WATCHDOG.toMillis());
    assertThat(run.exit).as("the controller's checks: exact merged figures, watchdog not tripped "
        + "(see %s)", run.log).isZero();
  }

  private static void pause(Duration pause) {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  @Order(2)
  void shouldNameACutOffEngineWithinTheWatchdogAndServeTheNextRunOnceMended() throws Exception {
    long[] cutAt = {0};
    Controller partitioned = controller("partition", "h-partition", line -> {
      if (line.contains(NetworkHostsRun.SAMPLING) && cutAt[0] == 0) {
        hosts.cut(3);
        cutAt[0] = System.currentTimeMillis();
      }
      if (line.startsWith(NetworkHostsRun.PARTITION_CHECKED)) {
        hosts.mend(3);
        touch(Path.of(line.substring(NetworkHostsRun.PARTITION_CHECKED.length())));
      }
    });

    assertThat(cutAt[0]).as("the link was cut mid-run").isPositive();
    assertThat(partitioned.exit).as("the controller's checks: the partitioned run, then the next "
        + "run on the same engines once mended (see %s)", partitioned.log).isZero();
    long named = partitioned.endedAt - cutAt[0];
    System.out.printf("engine h3 cut off; the run ended %d ms later (watchdog %d s)%n", named,
        WATCHDOG.toSeconds());
    assertThat(named).as("ms from the cut to the end of the run, the lost engine named")
        .isLessThanOrEqualTo(WATCHDOG.plusSeconds(5).toMillis());
  }

  private static void touch(Path file) {
    try {
      Files.writeString(file, "mended\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private record Controller(int exit, long endedAt, Path log) {
  }

  /** Runs {@link NetworkHostsRun} in a fresh JVM in the root namespace, bounded. */
  private Controller controller(String mode, String name, Consumer<String> lines)
      throws Exception {
    Path results = LOGS.resolve(name);
    Path log = LOGS.resolve(name + ".log");
    Files.deleteIfExists(LOGS.resolve(name + ".mended"));
    Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Xmx256m", "-cp", System.getProperty("java.class.path"),
        "-Dperf.history.dir=" + LOGS.resolve("history"), "-Dnetns.mode=" + mode,
        "-Dnetns.remotes=" + String.join(",", remotes),
        "-Dnetns.target=http://" + hosts.address(1) + ":8688/echo",
        "-Dnetns.watchdog=" + WATCHDOG.toSeconds(), "-Dnetns.results=" + results,
        "-Dnetns.mended=" + LOGS.resolve(name + ".mended"),
        ScenarioLauncher.class.getName(), NetworkHostsRun.class.getName())
        .redirectErrorStream(true).start();
    long endedAt = 0;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(),
        StandardCharsets.UTF_8));
        var file = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        file.write(line + "\n");
        file.flush();
        lines.accept(line);
        if (line.startsWith(NetworkHostsRun.ENDED) && endedAt == 0) {
          endedAt = Long.parseLong(line.substring(NetworkHostsRun.ENDED.length()).trim());
        }
      }
    } finally {
      if (!child.waitFor(30, TimeUnit.SECONDS)) {
        child.destroyForcibly();
      }
    }
    return new Controller(child.exitValue(), endedAt, log);
  }
}
