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
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;

/**
 * The scenario classes run unchanged against a named target: backends are started here, a target
 * file points at them as if they were a remote environment, and the scenarios run in a child JVM
 * with {@code -Dperf.target=loopback-it} and their credentials in its environment only.
 *
 * <p>The same run proves that no secret reaches any output: every file it wrote (JTLs,
 * summaries, dashboards, Allure results and attachments) and its whole console are searched for
 * the known secrets it was given and for any JSON Web Token (access tokens and Keycloak's
 * identity cookie are JWTs minted during the run, so their values are not known beforehand).
 */
class NamedTargetIT {
  private static final String TARGET = "loopback-it";
  /** Scenario classes run against the target: one per system and kind of journey. */
  static final List<String> SCENARIOS = List.of(
      "dev.perfsuite.scenarios.wso2.GatewayEchoMatrixIT",
      "dev.perfsuite.scenarios.mosip.AuthManagerTokenIT",
      "dev.perfsuite.scenarios.sunbird.content.ContentReadIT",
      "dev.perfsuite.scenarios.sunbird.users.LoginWorkflowIT");

  private static final Pattern JWT = Pattern.compile(
      "eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}");

  @Test
  void shouldRunScenariosUnchangedAndLeakNoSecretIntoAnyOutput() throws Exception {
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
          "-Dallure.results.directory=target/allure-results-" + TARGET,
          ScenarioLauncher.class.getName()));
      command.addAll(SCENARIOS);
      ProcessBuilder child = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(log.toFile());
      Map<String, String> env = child.environment();
      env.remove("PERF_BACKENDS");
      // Credentials reach the child through its environment only, as on a real target.
      Map<String, String> secrets = Map.of(
          "PERF_KEYCLOAK_CLIENT_SECRET", keycloak.confidentialClientSecret().reveal(),
          "PERF_KEYCLOAK_USER_PASSWORD", keycloak.userPassword().reveal(),
          "PERF_SUNBIRD_API_KEY", "named-target-" + Long.toHexString(System.nanoTime()),
          "PERF_MOSIP_SECRET_KEY", "named-target-" + Long.toHexString(System.nanoTime()));
      env.putAll(secrets);
      deleteTree(Path.of("target/perf-results-" + TARGET));
      deleteTree(Path.of("target/allure-results-" + TARGET));
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
      List<Path> written = new ArrayList<>(List.of(log));
      written.addAll(files(Path.of("target/perf-results-" + TARGET)));
      written.addAll(files(Path.of("target/allure-results-" + TARGET)));
      assertThat(written).as("JTLs, summaries, dashboards and Allure attachments written")
          .anyMatch(p -> p.toString().endsWith(".jtl"))
          .anyMatch(p -> p.toString().endsWith("-attachment.zip"))
          .anyMatch(p -> p.toString().endsWith("-attachment.html"))
          .hasSizeGreaterThan(40);
      for (Path file : written) {
        String text = contents(file);
        secrets.forEach((name, value) -> assertThat(text)
            .as("%s must not appear in %s", name, file).doesNotContain(value));
        assertThat(JWT.matcher(text).find()).as("a bearer token or identity cookie (JWT) "
            + "in %s", file).isFalse();
      }
    }
  }

  /** Text of a file; zips (the dashboards) are searched entry by entry. */
  private static String contents(Path file) throws IOException {
    if (!file.toString().endsWith(".zip")) {
      return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
    }
    StringBuilder text = new StringBuilder();
    try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(file))) {
      while (zip.getNextEntry() != null) {
        text.append(new String(zip.readAllBytes(), StandardCharsets.ISO_8859_1));
      }
    }
    return text.toString();
  }

  private static List<Path> files(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).toList();
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    for (Path p : files(dir)) {
      Files.delete(p);
    }
  }

  private static Path classpathRoot() throws URISyntaxException, IOException {
    return Path.of(NamedTargetIT.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }
}
