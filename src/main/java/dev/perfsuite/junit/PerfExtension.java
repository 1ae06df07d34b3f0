package dev.perfsuite.junit;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.config.PerfLog;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Validates the configuration before any test of a class runs and injects the run's shared
 * {@link PerfSession}. JUnit closes the session (stopping backends) when the whole run ends.
 *
 * <p>The session lives in the root store of the JUnit run, so each launcher execution (two
 * launchers in one JVM, say) has a session of its own; nothing is kept in static fields.
 */
public final class PerfExtension implements BeforeAllCallback, BeforeEachCallback,
    AfterTestExecutionCallback, ParameterResolver {
  private static final Logger LOG = LoggerFactory.getLogger(PerfExtension.class);
  private static final Namespace NAMESPACE = Namespace.create(PerfExtension.class);

  @Override
  public void beforeAll(ExtensionContext context) {
    session(context);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    session(context).testStarting(ScenarioTest.of(context.getRequiredTestClass()));
  }

  /** A test that threw fails its runs' verdicts with the cause; one that never judged says so. */
  @Override
  public void afterTestExecution(ExtensionContext context) {
    session(context).testFinished(context.getExecutionException());
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == PerfSession.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return session(context);
  }

  private static PerfSession session(ExtensionContext context) {
    ExtensionContext root = context.getRoot();
    return root.getStore(NAMESPACE).getOrComputeIfAbsent(PerfSession.class,
        key -> {
          PerfConfig config = PerfConfig.load();
          PerfLog.apply();
          // After PerfLog.apply: perf.log governs these as every other warning.
          config.warnings().forEach(LOG::warn);
          LOG.info("perf-suite {}", config.describe());
          return new PerfSession(config, () -> ScenarioSelection.current(root));
        }, PerfSession.class);
  }
}
