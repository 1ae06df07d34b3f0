package dev.perfsuite.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;
import static us.abstracta.jmeter.javadsl.JmeterDsl.vars;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.perfsuite.backends.Backends;
import dev.perfsuite.backends.keycloak.KeycloakEndpoint;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.scenarios.ScenarioLauncher.ClassOutcome;
import dev.perfsuite.sla.Sla;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The scenario classes run unchanged against a named target: the run's local backends
 * ({@link SharedBackends}) stand in for a remote environment, a target file points at them, and the
 * scenarios run in a child JVM with {@code -Dperf.target=loopback-it} and their credentials in its
 * environment only.
 *
 * <p>The same run proves that no secret reaches any output, and that the check could catch a
 * leak: every secret put in the child's environment is sent by at least one scenario, which the
 * backends' request journals show (the API stubs and a recording proxy in front of Keycloak's
 * token endpoint); every file the run wrote (JTLs, summaries, dashboards, Allure results and
 * attachments, the run history, which {@code perf.history.dir} puts under the searched tree) and
 * its whole console are searched for each secret as is, URL-encoded, base64-encoded (at any
 * alignment) and JSON-escaped, and for any JSON Web Token (access tokens and Keycloak's identity
 * cookie are JWTs minted during the run, so their values are not known beforehand). The child's
 * per-class results (written by {@link ScenarioLauncher}) must show every class run, none failed,
 * aborted or skipped.
 */
@ExtendWith(SharedBackends.class)
class NamedTargetIT {
  private static final String TARGET = "loopback-it";
  /** Scenario classes run against the target: one per system and kind of journey. */
  static final List<String> SCENARIOS = List.of(
      "dev.perfsuite.scenarios.wso2.GatewayEchoMatrixIT",
      "dev.perfsuite.scenarios.mosip.AuthManagerTokenIT",
      "dev.perfsuite.scenarios.sunbird.content.ContentReadIT",
      "dev.perfsuite.scenarios.sunbird.users.LoginWorkflowIT",
      // Sends PERF_SUNBIRD_API_KEY (Authorization: Bearer <key>).
      "dev.perfsuite.scenarios.sunbird.users.SystemSettingsReadIT",
      // Sends PERF_KEYCLOAK_CLIENT_SECRET (client-credentials grant).
      ServiceAccountToken.class.getName());

  private static final Pattern JWT = Pattern.compile(
      "eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}");

  @Test
  void shouldRunScenariosUnchangedAndLeakNoSecretIntoAnyOutput(Backends backends) throws Exception {
    // The backends are the run's (SharedBackends): its root store stops them when the run ends.
    try (CapturingStubs apis = CapturingStubs.start()) {
      KeycloakEndpoint keycloak = backends.keycloak();
      // The token endpoint through a recording proxy: the journal shows what reached Keycloak.
      WireMockServer keycloakProxy = new WireMockServer(WireMockConfiguration.options()
          .bindAddress("127.0.0.1").dynamicPort());
      keycloakProxy.start();
      try {
        keycloakProxy.stubFor(WireMock.any(WireMock.anyUrl()).willReturn(WireMock.aResponse()
            .proxiedFrom(keycloak.baseUrl().toString())));
        run(backends, keycloak, apis, URI.create("http://127.0.0.1:" + keycloakProxy.port()));
        List<LoggedRequest> received = new ArrayList<>(apis.requests());
        keycloakProxy.getAllServeEvents().forEach(e -> received.add(e.getRequest()));
        checkEverySecretWasSent(received);
      } finally {
        keycloakProxy.stop();
      }
    }
  }

  private Map<String, String> secrets;

  private void run(Backends backends, KeycloakEndpoint keycloak, CapturingStubs apis,
      URI keycloakProxy) throws Exception {
    Path targetFile = classpathRoot().resolve("targets").resolve(TARGET + ".properties");
    Files.createDirectories(targetFile.getParent());
    Files.writeString(targetFile, String.join("\n",
        "# Written by NamedTargetIT: the running local backends seen as a remote environment.",
        "gateway.url=" + backends.echo(),
        "sunbird.url=" + apis.base(),
        "portal.url=" + backends.stubs().base(),
        "mosip.url=" + apis.base(),
        "keycloak.url=" + keycloakProxy,
        "keycloak.realm=" + keycloak.realm(),
        "keycloak.users-csv=" + keycloak.usersCsv().toAbsolutePath()) + "\n",
        StandardCharsets.UTF_8);

    Path results = Path.of("target/perf-results-" + TARGET);
    Path allure = Path.of("target/allure-results-" + TARGET);
    Path report = results.resolve("launcher-classes.csv");
    Path log = Path.of("target", "named-target-run.log");
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        "-Dperf.target=" + TARGET,
        "-Dperf.wso2.users=2", "-Dperf.wso2.sizes=1024",
        // What is proven here is where secrets go, not figures: a short hold
        // still send every secret and write every kind of output.
        "-Dperf.hold=4s", "-Dperf.warm-up=1s",
        "-Dperf.results-dir=" + results,
        // The run's history is an output too: under the searched tree, not the repository's.
        "-Dperf.history.dir=" + results.resolve("history"),
        "-Dallure.results.directory=" + allure,
        "-D" + ScenarioLauncher.REPORT + "=" + report,
        ScenarioLauncher.class.getName()));
    command.addAll(SCENARIOS);
    ProcessBuilder child = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    Map<String, String> env = child.environment();
    env.remove("PERF_BACKENDS");
    env.remove("PERF_HISTORY_DIR");
    // Credentials reach the child through its environment only, as on a real target. The two
    // the test chooses carry characters whose URL, base64 and JSON forms differ from the raw
    // value, so each form is a different search.
    String nonce = Long.toHexString(System.nanoTime());
    secrets = Map.of(
        "PERF_KEYCLOAK_CLIENT_SECRET", keycloak.confidentialClientSecret().reveal(),
        "PERF_KEYCLOAK_USER_PASSWORD", keycloak.userPassword().reveal(),
        "PERF_SUNBIRD_API_KEY", "nt-api-" + nonce + "+/&=~key",
        "PERF_MOSIP_SECRET_KEY", "nt-mosip-" + nonce + "\"q/+&=\\w");
    env.putAll(secrets);
    deleteTree(results);
    deleteTree(allure);
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
    assertThat(Files.exists(report)).as("the child's per-class results %s", report).isTrue();
    List<ClassOutcome> outcomes = ClassOutcome.read(report);
    assertThat(outcomes).extracting(ClassOutcome::className).as("every class ran")
        .containsAll(SCENARIOS);
    for (ClassOutcome outcome : outcomes) {
      assertThat(outcome.succeeded()).as("%s: tests passed", outcome.className()).isPositive();
      assertThat(List.of(outcome.failed(), outcome.aborted(), outcome.skipped()))
          .as("%s: failed, aborted, skipped (an aborted or skipped scenario proves nothing)",
              outcome.className()).containsOnly(0);
    }
    assertThat(process.exitValue()).as("scenarios against the named target passed").isZero();

    List<Path> written = new ArrayList<>(List.of(log));
    written.addAll(files(results));
    written.addAll(files(allure));
    assertThat(written).as("JTLs, summaries, dashboards, history and Allure attachments written")
        .anyMatch(p -> p.toString().endsWith(".jtl"))
        .anyMatch(p -> p.toString().endsWith("-attachment.zip"))
        .anyMatch(p -> p.toString().endsWith("-attachment.html"))
        .anyMatch(p -> p.startsWith(results.resolve("history")))
        .hasSizeGreaterThan(40);
    Map<String, Set<String>> forms = new LinkedHashMap<>();
    secrets.forEach((name, value) -> forms.put(name, encodings(value)));
    for (Path file : written) {
      String text = contents(file);
      forms.forEach((name, encoded) -> {
        for (String form : encoded) {
          assertThat(text).as("%s (as %s) must not appear in %s", name, form, file)
              .doesNotContain(form);
        }
      });
      assertThat(JWT.matcher(text).find()).as("a bearer token or identity cookie (JWT) "
          + "in %s", file).isFalse();
    }
  }

  /** Each secret reached a backend: the search above would have found it had it leaked. */
  private void checkEverySecretWasSent(List<LoggedRequest> received) {
    secrets.forEach((name, value) -> {
      Set<String> forms = encodings(value);
      boolean sent = received.stream().anyMatch(request -> {
        String seen = request.getUrl() + "\n" + request.getHeaders() + "\n"
            + new String(request.getBody(), StandardCharsets.UTF_8);
        return forms.stream().anyMatch(seen::contains);
      });
      assertThat(sent).as("%s was sent by a scenario of the run (%d requests received)", name,
          received.size()).isTrue();
    });
  }

  /**
   * The forms a secret can take in an output: as is, URL-encoded, JSON-escaped and
   * base64-encoded (standard and URL alphabets) at each of the three byte alignments it can
   * have inside a longer encoded text (e.g. HTTP Basic's {@code id:secret}).
   */
  static Set<String> encodings(String secret) {
    Set<String> forms = new LinkedHashSet<>();
    forms.add(secret);
    forms.add(URLEncoder.encode(secret, StandardCharsets.UTF_8));
    forms.add(URLEncoder.encode(secret, StandardCharsets.UTF_8).replace("+", "%20"));
    forms.add(secret.replace("\\", "\\\\").replace("\"", "\\\"").replace("/", "\\/"));
    forms.add(secret.replace("\\", "\\\\").replace("\"", "\\\""));
    byte[] raw = secret.getBytes(StandardCharsets.UTF_8);
    for (int shift = 0; shift < 3; shift++) {
      byte[] shifted = new byte[shift + raw.length];
      System.arraycopy(raw, 0, shifted, shift, raw.length);
      for (Base64.Encoder encoder : List.of(Base64.getEncoder(), Base64.getUrlEncoder())) {
        String text = encoder.withoutPadding().encodeToString(shifted);
        // Drop the characters that also depend on the bytes around the secret.
        String core = text.substring(shift == 0 ? 0 : 4, Math.max(shift == 0 ? 0 : 4,
            text.length() - 4));
        if (core.length() >= 8) {
          forms.add(core);
        }
      }
    }
    return forms;
  }

  /**
   * A scenario that sends the confidential client's secret: Keycloak's client-credentials grant,
   * as a service authenticating itself. Run only in the child (nested, so not on its own).
   */
  @PerfScenario
  static class ServiceAccountToken {
    @Test
    void shouldGetAServiceAccountTokenWithTheClientSecret(PerfSession perf) {
      KeycloakEndpoint keycloak = perf.keycloak();
      RunResult result = perf.run(LoadPlan.of("named-target-client-credentials",
          Profiles.smoke().withUsers(1).withIterations(2).withWarmUp(Duration.ZERO),
          httpSampler("POST token client_credentials", keycloak.tokenUrl().toString())
              .method("POST")
              .header("Content-Type", "application/x-www-form-urlencoded")
              .param("grant_type", "client_credentials")
              .param("client_id", keycloak.confidentialClientId())
              .param("client_secret", "${clientSecret}")
              .children(responseAssertion().containsSubstrings("\"access_token\"")))
          .with(vars().set("clientSecret", keycloak.confidentialClientSecret().reveal())));
      assertThat(result.overall(Phase.MEASUREMENT).errors())
          .as("Keycloak accepted the client secret (errors)").isZero();
      perf.judge(Sla.overall().errorPercentBelow(1.0).samplesAtLeast(2), result).assertPassed();
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
