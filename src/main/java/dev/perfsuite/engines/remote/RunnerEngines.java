package dev.perfsuite.engines.remote;

import java.lang.reflect.Field;
import java.util.Map;
import org.apache.jmeter.engine.ClientJMeterEngine;
import org.apache.jmeter.engine.DistributedRunner;
import org.apache.jmeter.engine.JMeterEngine;
import us.abstracta.jmeter.javadsl.core.engines.DistributedJmeterEngine;

/**
 * Wraps the client engines of the DSL's {@link DistributedRunner} so that a failure to start an
 * engine's test is recorded ({@link StartFailures}) and not only logged.
 *
 * <p>Reflection, on two private fields of the pinned versions (jmeter-java-dsl 2.2's
 * {@code DistributedJmeterEngine.distributedRunner}, JMeter 5.6.3's
 * {@code DistributedRunner.engines}), because no public hook carries the failure: the runner
 * catches the client engine's exception, logs its message, prints it to {@code System.out} and
 * names only the address on its {@code stdErr}; the DSL creates the runner itself, so JMeter's
 * {@code createEngine} extension point cannot be used. Read-only access to the fields: only the
 * map's values are replaced, by delegating wrappers. {@code StartFailuresTest} fails when a
 * version bump moves them.
 */
final class RunnerEngines {
  private RunnerEngines() {
  }

  /**
   * Replaces each client engine of {@code engine}'s runner by one recording in {@code starts},
   * whose calls carry the run's {@code token} ({@link TokenClient}) and whose tests start
   * together ({@link CommonStart}).
   */
  static void wrap(DistributedJmeterEngine engine, StartFailures starts, RunToken token) {
    Map<String, JMeterEngine> engines = engines(runner(engine));
    engines.replaceAll((address, client) -> starts.recording(address,
        client instanceof ClientJMeterEngine remote
            ? TokenClient.guard(remote, token, starts.start()) : client));
  }

  /** jmeter-java-dsl's private JMeter runner of {@code engine}. */
  static DistributedRunner runner(DistributedJmeterEngine engine) {
    return (DistributedRunner) read(DistributedJmeterEngine.class, "distributedRunner", engine);
  }

  /** The runner's engines by address: JMeter's own map, so a replaced value is what it calls. */
  @SuppressWarnings("unchecked")
  static Map<String, JMeterEngine> engines(DistributedRunner runner) {
    return (Map<String, JMeterEngine>) read(DistributedRunner.class, "engines", runner);
  }

  private static Object read(Class<?> owner, String name, Object target) {
    try {
      Field field = owner.getDeclaredField(name);
      field.setAccessible(true);
      return field.get(target);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException("cannot reach " + owner.getName() + "." + name + " (a "
          + "jmeter-java-dsl or JMeter version other than the pinned one?). Fix: update "
          + RunnerEngines.class.getName() + " for the new version", e);
    }
  }
}
