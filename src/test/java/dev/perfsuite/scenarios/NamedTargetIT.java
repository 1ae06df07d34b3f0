package dev.perfsuite.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.backends.Backends;
import dev.perfsuite.backends.KeycloakEndpoint;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.config.PerfConfig;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The scenario classes run unchanged against a named target: backends are started here, a target
 * file points at them as if they were a remote environment, and the scenarios run in a child JVM
 * with {@code -Dperf.target=loopback-it} and their credentials in its environment only.
 */
class NamedTargetIT {
  private static final String TARGET = "loopback-it";
  /** Scenario classes run against the target: one per system and kind of journey. */
  static final List<String> SCENARIOS = List.of(
      "dev.perfsuite.scenarios.wso2.GatewayEchoMatrixIT",
      "dev.perfsuite.scenarios.mosip.AuthManagerTokenIT",
      "dev.perfsuite.scenarios.sunbird.content.ContentReadIT",
      "dev.perfsuite.scenarios.sunbird.users.LoginWorkflowIT");

  @Test
  void shouldRunScenariosUnchangedAgainstTargetFilePointingAtRunningBackends() throws Exception {
    PerfConfig config = PerfConfig.load();
    try (Backends backends = Backends.withProvider(Provider.EMBEDDED, config)) {
      KeycloakEndpoint keycloak = backends.keycloak();
      String stubs = backends.stubs().base().toString();
      Path targetFile = classpathRoot().resolve("targets").resolve(TARGET + ".properties");
      Files.createDirectories(targetFile.getParent());
      Files.writeString(targetFile, String.join("\n",
          "# Written by NamedTargetIT: the running local backends seen as a remote environment.",
          "gateway.url=" + backends.echo(),
          "sunbird.url=" + stubs,
          "portal.url=" + stubs,
          "mosip.url=" + stubs,
          "keycloak.url=" + keycloak.baseUrl(),
          "keycloak.realm=" + keycloak.realm(),
          "keycloak.users-csv=" + keycloak.usersCsv().toAbsolutePath()) + "\n",
          StandardCharsets.UTF_8);

      Path log = Path.of("target", "named-target-run.log");
      List<String> command = new ArrayList<>(List.of(
          Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", System.getProperty("java.class.path"),
          "-Dperf.target=" + TARGET,
          "-Dperf.wso2.users=2", "-Dperf.wso2.sizes=1024",
          "-Dperf.results-dir=target/perf-results-" + TARGET,
          ScenarioLauncher.class.getName()));
      command.addAll(SCENARIOS);
      ProcessBuilder child = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(log.toFile());
      Map<String, String> env = child.environment();
      env.remove("PERF_BACKENDS");
      // Credentials reach the child through its environment only, as on a real target.
      env.put("PERF_KEYCLOAK_CLIENT_SECRET", keycloak.confidentialClientSecret().reveal());
      env.put("PERF_KEYCLOAK_USER_PASSWORD", keycloak.userPassword().reveal());
      env.put("PERF_SUNBIRD_API_KEY", "named-target-" + Long.toHexString(System.nanoTime()));
      env.put("PERF_MOSIP_SECRET_KEY", "named-target-" + Long.toHexString(System.nanoTime()));
      Process process = child.start();
      boolean finished = process.waitFor(10, TimeUnit.MINUTES);
      if (!finished) {
        process.destroyForcibly();
      }
      String output = Files.readString(log, StandardCharsets.UTF_8);
      System.out.println(output);
      assertThat(finished).as("child run finished within 10 minutes").isTrue();
      assertThat(output).as("the child used the named target").contains("target=" + TARGET)
          .doesNotContain("Backends: ");
      assertThat(process.exitValue()).as("scenarios against the named target passed:%n%s",
          output).isZero();
      for (String scenario : SCENARIOS) {
        assertThat(output).as("%s ran", scenario)
            .contains(scenario.substring(scenario.lastIndexOf('.') + 1));
      }
    }
  }

  private static Path classpathRoot() throws URISyntaxException, IOException {
    return Path.of(NamedTargetIT.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }
}
