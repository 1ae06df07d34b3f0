package dev.perfsuite.backends;

import dev.perfsuite.config.settings.BackendMode;
import java.util.function.Supplier;

/**
 * The provider picked for a run and why, so the console can say it.
 *
 * @param provider the provider that will start backends
 * @param reason one sentence a reader can act on
 */
public record ProviderChoice(Provider provider, String reason) {

  /**
   * Resolves {@code perf.backends} to a provider. {@code auto} asks the Docker engine, and falls
   * back to embedded only when none answers; a broken Docker client fails under every mode that
   * asks.
   *
   * @throws BackendException when Testcontainers is forced and no Docker engine answers, or when
   *     an engine answers but Testcontainers' client is broken
   */
  static ProviderChoice resolve(BackendMode mode, Supplier<DockerProbe> probe) {
    if (mode == BackendMode.EMBEDDED) {
      return new ProviderChoice(Provider.EMBEDDED, "perf.backends=embedded");
    }
    String key = "perf.backends=" + mode.name().toLowerCase();
    DockerProbe found = probe.get();
    return switch (found.state()) {
      case ANSWERS -> new ProviderChoice(Provider.TESTCONTAINERS,
          key + " and a Docker engine answers");
      case BROKEN -> throw new BackendException(key + " but the Docker client cannot work "
          + found.detail() + ". Fix: make the project resolve the versions perf-suite declares "
          + "(mvn dependency:tree -Dincludes=com.fasterxml.jackson.core; drop a "
          + "dependencyManagement or version that downgrades Jackson, commons-io or docker-java), "
          + "or use -Dperf.backends=embedded");
      case ABSENT -> {
        if (mode == BackendMode.TESTCONTAINERS) {
          throw new BackendException(key + " but no Docker engine answers " + found.detail()
              + ". Fix: start Docker (or set DOCKER_HOST) or use -Dperf.backends=auto|embedded");
        }
        yield new ProviderChoice(Provider.EMBEDDED, key + " and no Docker engine answers "
            + found.detail());
      }
    };
  }

  /** The choice after {@code auto} found Testcontainers unusable for this run's images. */
  static ProviderChoice embeddedBecause(String why) {
    return new ProviderChoice(Provider.EMBEDDED, "perf.backends=auto, but " + why);
  }
}
