package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.rmi.UnmarshalException;
import org.apache.jmeter.engine.JMeterEngine;
import org.apache.jmeter.engine.JMeterEngineException;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.engines.DistributedJmeterEngine;

class StartFailuresTest {

  @Test
  void shouldNameTheEngineTheStepTheMissingClassAndAFix() {
    JMeterEngineException failure = new JMeterEngineException("Error in rconfigure() method "
        + "java.rmi.UnmarshalException: error unmarshalling arguments",
        new UnmarshalException("error unmarshalling arguments", new ClassNotFoundException(
            "com.example.Missing (no security manager: RMI class loader disabled)")));

    String message = StartFailures.describe("10.0.0.7:1099", failure);

    assertThat(message).as("start failure message").contains("remote engine 10.0.0.7:1099")
        .contains("in rconfigure()").contains("ClassNotFoundException: com.example.Missing")
        .contains("Fix: put the jar holding com.example.Missing on the engine's class path");
  }

  @Test
  void shouldRecordWhatTheEngineThrowsAndRethrowIt() {
    StartFailures starts = new StartFailures();
    JMeterEngine failing = starts.recording("h:1", new Refusing());

    assertThatThrownBy(failing::runTest).isInstanceOf(JMeterEngineException.class);
    assertThat(starts.contains("h:1")).as("recorded").isTrue();
    assertThat(starts.failure()).as("the run's failure").hasValueSatisfying(m -> assertThat(m)
        .contains("h:1").contains("see the engine's log"));
  }

  @Test
  void shouldReachTheRunnersClientEnginesOfThePinnedVersions() {
    DistributedJmeterEngine engine = new DistributedJmeterEngine("127.0.0.1:1");

    assertThat(RunnerEngines.engines(RunnerEngines.runner(engine))).as("the runner's engines, "
        + "empty before init").isEmpty();
  }

  /** An engine whose test never starts. */
  private static final class Refusing extends IdleEngine {
    @Override
    public void runTest() throws JMeterEngineException {
      throw new JMeterEngineException("Error in rrunTest() method boom");
    }
  }
}
