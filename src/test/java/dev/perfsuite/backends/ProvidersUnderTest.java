package dev.perfsuite.backends;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.config.settings.BackendMode;
import org.junit.jupiter.api.Assumptions;

/**
 * Decides whether a provider's tests run: embedded always; Testcontainers when a Docker engine
 * answers, and always when {@code perf.backends=testcontainers} (as CI sets it), where a missing
 * engine must fail the test rather than skip it.
 */
public final class ProvidersUnderTest {

  private ProvidersUnderTest() {
  }

  /** This JVM's configuration, after skipping the test if {@code provider} cannot run here. */
  public static PerfConfig configFor(Provider provider) {
    PerfConfig config = PerfConfig.load();
    if (provider == Provider.TESTCONTAINERS && config.backends() != BackendMode.TESTCONTAINERS) {
      Assumptions.assumeTrue(Backends.dockerAnswers(),
          "no Docker engine; set PERF_BACKENDS=testcontainers to make this a failure");
    }
    return config;
  }
}
