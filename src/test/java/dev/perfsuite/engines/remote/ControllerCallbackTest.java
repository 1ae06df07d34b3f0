package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.config.Secret;
import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.profiles.Profiles;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Without SSL the controller takes callbacks beyond loopback on a trusted network only. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ControllerCallbackTest {
  /** TEST-NET-1 (RFC 5737): routed like any remote host, never answering. */
  private static final String BEYOND_LOOPBACK = "192.0.2.1:1099";

  @TempDir
  Path results;

  @Test
  void shouldRefuseACallbackBeyondLoopbackWithoutSslNamingTheKeysAndTheFix() {
    assertThatThrownBy(() -> ControllerRmi.refuseClearCallback(RmiTransport.plain(), "10.0.0.5",
        "-Djava.rmi.server.hostname"))
        .as("perf.rmi.ssl=false, callback 10.0.0.5, network not trusted")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("perf.rmi.ssl=false")
        .hasMessageContaining("callback address 10.0.0.5 (-Djava.rmi.server.hostname)")
        .hasMessageContaining("Fix: turn SSL on")
        .hasMessageContaining("-Dperf.rmi.trusted-network=true");
  }

  @Test
  void shouldAcceptACallbackInTheClearOnLoopbackOrOnATrustedNetwork() {
    assertThatCode(() -> ControllerRmi.refuseClearCallback(RmiTransport.plain(), "127.0.0.1",
        "test")).as("loopback needs no trust").doesNotThrowAnyException();
    assertThatCode(() -> ControllerRmi.refuseClearCallback(RmiTransport.plain(true), "10.0.0.5",
        "test")).as("perf.rmi.trusted-network=true").doesNotThrowAnyException();
    assertThatCode(() -> ControllerRmi.refuseClearCallback(RmiTransport.ssl(Path.of("k.jks"),
        "rmi", new Secret(RmiTransport.PASSWORD_VARIABLE, "changeit")), "10.0.0.5", "test"))
        .as("RMI over SSL").doesNotThrowAnyException();
  }

  @Test
  void shouldRefuseARunWhoseCallbackLeavesLoopbackInTheClearBeforeProbingItsEngines() {
    String towards;
    try {
      towards = ControllerRmi.addressTowards(BEYOND_LOOPBACK);
    } catch (UncheckedIOException e) {
      towards = "127.0.0.1";
    }
    Assumptions.assumeFalse(ControllerRmi.loopback(towards),
        "this host has no route beyond loopback");
    DistributedEngine engine = new DistributedEngine(results, Duration.ofSeconds(1),
        Duration.ofSeconds(1), List.of(), List.of(BEYOND_LOOPBACK), RemoteSplit.PER_ENGINE,
        Duration.ofSeconds(5), 0, RmiTransport.plain());
    LoadPlan plan = LoadPlan.of("clear-callback", Profiles.smoke().withUsers(1)
        .withIterations(1).withRampUp(Duration.ZERO).withWarmUp(Duration.ZERO),
        httpSampler("GET x", "http://127.0.0.1:9/"));
    long start = System.nanoTime();

    assertThatThrownBy(() -> engine.run(plan)).as("a run without SSL, callback to %s", towards)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("callback address " + towards + " (the address towards "
            + BEYOND_LOOPBACK + ")")
        .hasMessageContaining("perf.rmi.trusted-network");
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .as("refused before the engines' reachability probe (%s)", DistributedEngine.START_PROBE)
        .isLessThan(DistributedEngine.START_PROBE);
  }
}
