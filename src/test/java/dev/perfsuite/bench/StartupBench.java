package dev.perfsuite.bench;

import dev.perfsuite.backends.Backends;
import dev.perfsuite.backends.Provider;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Start-up: from the start of a test (a fresh JVM's main) to the first completed sample, per
 * echo backend provider, split into backend start-up and engine start to first sample.
 */
final class StartupBench {

  @Test
  void shouldTimeFirstSampleWhenEachProviderStartsTheEcho() {
    BenchSettings settings = BenchSettings.load();
    StringBuilder table = new StringBuilder("""
        Fresh generator JVM per provider; the test starts at main(); 2 threads POST 1 KiB to the \
        echo backend the provider starts.

        | provider | JVM start to test start | backend ready | engine start to first sample \
        | test start to first sample |
        |---|---:|---:|---:|---:|
        """);
    StringBuilder notes = new StringBuilder();
    for (Provider provider : Provider.values()) {
      if (provider == Provider.TESTCONTAINERS && !Backends.dockerAnswers()) {
        notes.append("- testcontainers: skipped, no Docker engine answers (CI provisions one "
            + "with `.ci/docker-setup.sh`).\n");
        continue;
      }
      String name = provider.name().toLowerCase(Locale.ROOT);
      try {
        Map<String, String> r = ChildJvm.run(settings, "startup-" + name,
            List.of("-Dperf.results-dir="
                + settings.out().resolve("results").toAbsolutePath()),
            Duration.ofMinutes(3), "mode=startup", "provider=" + name, "body=1024");
        table.append(String.format(Locale.ROOT, "| %s | %s ms | %s ms | %s ms | %s ms |%n", name,
            r.get("jvmToTestMs"), r.get("backendMs"), r.get("engineToFirstSampleMs"),
            r.get("firstSampleMs")));
      } catch (RuntimeException e) {
        notes.append("- ").append(name).append(": failed (").append(e.getMessage())
            .append(").\n");
      }
    }
    BenchReport.section(settings, "50-startup", "Start-up to first sample",
        table + "\n" + notes);
  }
}
