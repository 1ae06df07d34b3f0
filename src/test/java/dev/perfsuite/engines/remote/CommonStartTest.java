package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.engine.JMeterEngine;
import org.apache.jmeter.engine.JMeterEngineException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class CommonStartTest {
  private static final Duration SEND = Duration.ofMillis(50);
  private final CommonStart start = new CommonStart();
  private final StartFailures starts = new StartFailures(start);
  private final Map<String, Instant> instants = new ConcurrentHashMap<>();
  private final Map<String, Instant> sent = new ConcurrentHashMap<>();

  @Test
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void shouldStartEveryEngineAtOneInstantWhenTheRunnerCallsThemOneAfterAnother()
      throws Exception {
    List<JMeterEngine> engines = List.of(starts.recording("a:1", new Gated("a:1")),
        starts.recording("b:1", new Gated("b:1")), starts.recording("c:1", new Gated("c:1")));

    // As JMeter's DistributedRunner: each runTest in turn, on one thread.
    for (JMeterEngine engine : engines) {
      engine.runTest();
    }

    assertThat(instants).as("every engine started").hasSize(3);
    assertThat(instants.values().stream().distinct()).as("one start instant for all")
        .hasSize(1);
    Instant lastTree = sent.values().stream().max(Instant::compareTo).orElseThrow();
    assertThat(instants.get("a:1")).as("the instant, a margin after the last tree was sent")
        .isAfterOrEqualTo(lastTree.plus(CommonStart.margin(3)));
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void shouldStartTheOthersWhenOneEngineRefusesItsTree() {
    JMeterEngine refusing = starts.recording("bad:1", new Refusing());
    JMeterEngine good = starts.recording("good:1", new Gated("good:1"));

    assertThatThrownBy(refusing::runTest).as("the refusal, rethrown to the runner")
        .isInstanceOf(JMeterEngineException.class).hasMessageContaining("rconfigure()");
    assertThat(starts.contains("bad:1")).as("the refusing engine recorded").isTrue();
    assertThat(catchRun(good)).as("the other engine's start").isNull();
    assertThat(instants).as("the other engine started without waiting for the refusing one")
        .containsOnlyKeys("good:1");
  }

  private static Throwable catchRun(JMeterEngine engine) {
    try {
      engine.runTest();
      return null;
    } catch (JMeterEngineException | RuntimeException e) {
      return e;
    }
  }

  /** A client that passes the gates as TokenClient does and notes the instant it was given. */
  private final class Gated extends IdleEngine {
    private final String name;

    Gated(String name) {
      this.name = name;
    }

    @Override
    public void runTest() throws JMeterEngineException {
      start.prepared(name);
      try {
        start.awaitPrepared();
        // The tree's upload: sequential starts would choose the instant before the next upload.
        Thread.sleep(SEND.toMillis());
        sent.put(name, Instant.now());
        instants.put(name, start.configured(name));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new JMeterEngineException("interrupted", e);
      }
    }
  }

  /** A client whose engine refuses the tree before it is prepared. */
  private static final class Refusing extends IdleEngine {
    @Override
    public void runTest() throws JMeterEngineException {
      throw new JMeterEngineException("Error in rconfigure() method boom");
    }
  }
}
