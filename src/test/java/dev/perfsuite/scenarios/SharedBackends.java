package dev.perfsuite.scenarios;

import dev.perfsuite.backends.Backends;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.config.PerfConfig;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.support.TypeBasedParameterResolver;

/**
 * The embedded local backends (Keycloak on its PostgreSQL, the stub portal, echo) shared by every
 * test class of one JUnit run that merely needs them: Keycloak starts once per test JVM instead
 * of once per class (a start took 31 to 171 s in the failsafe runs of 2026-11-26, load 5-14).
 *
 * <p>Kept in the run's root store, which closes it (stopping every backend) when the whole run
 * ends; a test must not close it. Every user gets the same configuration and the one realm the
 * suite declares ({@code RealmDescription.discovered()}), so none needs a realm or users of its
 * own. Always the embedded provider, as these tests had before: no Docker engine needed, and the
 * same backends whether or not CI runs Testcontainers. Tests of starting, stopping or a provider
 * itself (BackendsIT, KeycloakServerIT, TwoKeycloaksIT, KeycloakStartupFailureIT) start their own.
 *
 * <p>Use {@code @ExtendWith(SharedBackends.class)} and a {@link Backends} parameter, or
 * {@link #of(ExtensionContext)} from another extension.
 */
public final class SharedBackends extends TypeBasedParameterResolver<Backends> {
  private static final Namespace NAMESPACE = Namespace.create(SharedBackends.class);

  /** The run's shared backends, each started on first use. */
  public static Backends of(ExtensionContext context) {
    return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(Backends.class,
        key -> Backends.withProvider(Provider.EMBEDDED, PerfConfig.load()), Backends.class);
  }

  @Override
  public Backends resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return of(context);
  }
}
