package dev.perfsuite.backends;

import dev.perfsuite.config.settings.BackendMode;
import java.util.function.BooleanSupplier;

/**
 * The provider picked for a run and why, so the console can say it.
 *
 * @param provider the provider that will start backends
 * @param reason one sentence a reader can act on
 */
public record ProviderChoice(Provider provider, String reason) {

  /**
   * Resolves {@code perf.backends}: {@code auto} asks whether a Docker engine answers.
   *
   * @throws BackendException when Testcontainers is forced and no Docker engine answers
   */
  static ProviderChoice resolve(BackendMode mode, BooleanSupplier dockerAnswers) {
    return switch (mode) {
      case EMBEDDED -> new ProviderChoice(Provider.EMBEDDED, "perf.backends=embedded");
      case TESTCONTAINERS -> {
        if (!dockerAnswers.getAsBoolean()) {
          throw new BackendException("perf.backends=testcontainers but no Docker engine answers. "
              + "Fix: start Docker (CI: .ci/docker-setup.sh) or use -Dperf.backends=auto|embedded");
        }
        yield new ProviderChoice(Provider.TESTCONTAINERS, "perf.backends=testcontainers");
      }
      case AUTO -> dockerAnswers.getAsBoolean()
          ? new ProviderChoice(Provider.TESTCONTAINERS,
              "perf.backends=auto and a Docker engine answers")
          : new ProviderChoice(Provider.EMBEDDED,
              "perf.backends=auto and no Docker engine answers");
    };
  }
}
