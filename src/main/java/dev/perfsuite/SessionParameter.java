package dev.perfsuite;

import dev.perfsuite.junit.PerfExtension;
import dev.perfsuite.junit.PerfSession;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/** Gives a {@link Perf.Scenario}'s method its {@link Perf.Session}: the run's shared session. */
final class SessionParameter implements ParameterResolver {
  /** Holds nothing itself: the session lives in the JUnit run's root store. */
  private static final PerfExtension SESSIONS = new PerfExtension();

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == Perf.Session.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return new Perf.Session((PerfSession) SESSIONS.resolveParameter(parameter, context));
  }
}
