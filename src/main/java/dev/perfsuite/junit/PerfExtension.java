package dev.perfsuite.junit;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.config.PerfLog;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Validates the configuration before any test of a class runs and injects the run's shared
 * {@link PerfSession}, which JUnit closes (stopping backends) when the whole run ends.
 */
public final class PerfExtension implements BeforeAllCallback, BeforeEachCallback,
    ParameterResolver {
  private static final Namespace NAMESPACE = Namespace.create(PerfExtension.class);

  @Override
  public void beforeAll(ExtensionContext context) {
    session(context);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    session(context).testStarting(ScenarioTest.of(context.getRequiredTestClass()));
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
    return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(PerfSession.class,
        key -> {
          PerfConfig config = PerfConfig.load();
          PerfLog.apply();
          config.warnings().forEach(w -> System.out.println("WARNING: " + w));
          System.out.println("perf-suite " + config.describe());
          return new PerfSession(config);
        }, PerfSession.class);
  }
}
