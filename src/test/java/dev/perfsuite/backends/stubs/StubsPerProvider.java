package dev.perfsuite.backends.stubs;

import dev.perfsuite.backends.Provider;
import dev.perfsuite.backends.ProvidersUnderTest;
import dev.perfsuite.config.PerfConfig;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The API stubs of one test class: one server per provider, started on first use and closed
 * after the class's tests; register it as a {@code static} {@code @RegisterExtension} field.
 *
 * <p>Testcontainers runs whenever a Docker engine answers; CI sets
 * {@code PERF_BACKENDS=testcontainers}, which turns a missing engine into a failure rather than a
 * skip.
 */
public final class StubsPerProvider implements AfterAllCallback, AutoCloseable {
  private final Map<Provider, StubServer> servers = new EnumMap<>(Provider.class);

  /** The server of {@code provider}, started (and its start time printed) on first use. */
  public synchronized StubServer of(Provider provider) {
    if (provider == Provider.TESTCONTAINERS) {
      assumeDocker();
    }
    return servers.computeIfAbsent(provider, p -> {
      long started = System.nanoTime();
      StubServer server = StubServer.start(p, PerfConfig.load().backendSettings());
      System.out.printf("Stubs %s: %s started in %d ms%n", p.name().toLowerCase(),
          server.endpoint().base(), (System.nanoTime() - started) / 1_000_000);
      return server;
    });
  }

  /** The servers started so far. */
  synchronized Map<Provider, StubServer> started() {
    return Map.copyOf(servers);
  }

  /** Skips the calling test without a Docker engine (fails it under CI's setting). */
  static void assumeDocker() {
    ProvidersUnderTest.configFor(Provider.TESTCONTAINERS);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    close();
  }

  @Override
  public synchronized void close() {
    servers.values().forEach(StubServer::close);
    servers.clear();
  }
}
