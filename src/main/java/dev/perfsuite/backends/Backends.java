package dev.perfsuite.backends;

import dev.perfsuite.config.BackendMode;
import dev.perfsuite.config.PerfConfig;
import java.net.URI;
import java.util.function.BooleanSupplier;
import org.testcontainers.DockerClientFactory;

/**
 * The local backends of one test run, started on first use and stopped together.
 *
 * <p>A lifecycle object: one instance per run (the JUnit extension shares it across test classes)
 * so each backend starts once; {@link #close()} stops everything it started.
 */
public final class Backends implements AutoCloseable {
  private final PerfConfig config;
  private final BooleanSupplier dockerAnswers;
  private ProviderChoice choice;
  private EchoService echo;

  private Backends(PerfConfig config, BooleanSupplier dockerAnswers) {
    this.config = config;
    this.dockerAnswers = dockerAnswers;
  }

  /** Backends for this configuration; nothing starts until a backend is asked for. */
  public static Backends forConfig(PerfConfig config) {
    return new Backends(config, Backends::dockerAnswers);
  }

  /**
   * Backends started by one given provider whatever {@code perf.backends} says, for tests that
   * exercise each provider; Testcontainers still fails fast when no Docker engine answers.
   */
  public static Backends withProvider(Provider provider, PerfConfig config) {
    Backends backends = new Backends(config, Backends::dockerAnswers);
    backends.choice = ProviderChoice.resolve(provider == Provider.EMBEDDED
        ? BackendMode.EMBEDDED : BackendMode.TESTCONTAINERS, Backends::dockerAnswers);
    return backends;
  }

  /**
   * True when a Docker engine answers Testcontainers' probe; when it does not, prints why, so a
   * fallback to embedded backends is never silent.
   */
  public static boolean dockerAnswers() {
    try {
      DockerClientFactory.instance().client().pingCmd().exec();
      return true;
    } catch (RuntimeException | LinkageError e) {
      System.out.println("Docker probe: no engine answers (" + e.getClass().getSimpleName() + ": "
          + e.getMessage() + ")");
      return false;
    }
  }

  /** The provider for this run, resolved (and printed) once. */
  public synchronized ProviderChoice provider() {
    if (choice == null) {
      choice = ProviderChoice.resolve(config.backends(), dockerAnswers);
      System.out.printf("Backends: %s (%s)%n", choice.provider().name().toLowerCase(),
          choice.reason());
    }
    return choice;
  }

  /** The echo backend's base URL, starting it on first call with {@code perf.echo.delay}. */
  public synchronized URI echo() {
    if (echo == null) {
      long started = System.nanoTime();
      echo = provider().provider() == Provider.TESTCONTAINERS
          ? new ContainerEcho(config.echoImage(), config.echoDelay())
          : new EmbeddedEcho(config.backendSettings().echoPort(), config.echoDelay());
      System.out.printf("Backend echo: %s started in %d ms%n", echo.uri(),
          (System.nanoTime() - started) / 1_000_000);
    }
    return echo.uri();
  }

  /** Stops every backend this instance started. */
  @Override
  public synchronized void close() {
    if (echo != null) {
      echo.close();
      echo = null;
    }
  }
}
