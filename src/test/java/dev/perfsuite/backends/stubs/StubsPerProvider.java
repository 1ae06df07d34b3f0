package dev.perfsuite.backends.stubs;

import dev.perfsuite.backends.Provider;
import dev.perfsuite.backends.ProvidersUnderTest;
import dev.perfsuite.config.PerfConfig;
import java.util.EnumMap;
import java.util.Map;

/**
 * The API stubs of one test class: one server per provider, started on first use and closed
 * with {@link #close()} (from the class's {@code @AfterAll}).
 *
 * <p>Testcontainers runs whenever a Docker engine answers; CI sets
 * {@code PERF_BACKENDS=testcontainers}, which turns a missing engine into a failure rather than a
 * skip.
 */
public final class StubsPerProvider implements AutoCloseable {
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
  public synchronized void close() {
    servers.values().forEach(StubServer::close);
    servers.clear();
  }
}
