package dev.perfsuite.engines.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.perfsuite.engines.RmiTransport;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;

/**
 * The Helm chart (deploy/helm/perf-engines), rendered by {@code helm template} into
 * {@code target/helm/}, gives the engine launcher and the controller what they need: the
 * engine's arguments parse as the launcher parses them, both RMI ports are the ones it listens
 * on, {@code --hostname} is the pod's address, the readiness probe tests the engine's ready file,
 * the keystore comes from the Secret at the same path in engines and controller, and the
 * controller resolves the headless Service with as many engines expected as there are replicas.
 *
 * <p>Skipped when helm is not on the PATH, except in CI ({@code CI=true}), which installs it.
 */
@TestInstance(Lifecycle.PER_CLASS)
class HelmChartTest {
  private static final Path CHART = Path.of("deploy", "helm", "perf-engines");
  private static final Path RENDERED = Path.of("target", "helm", "perf-engines.yaml");
  private static final String RELEASE = "demo";

  private final Map<String, JsonNode> byKind = new LinkedHashMap<>();

  @BeforeAll
  void render() throws Exception {
    Optional<Path> helm = helm();
    if (helm.isEmpty()) {
      assertThat(System.getenv("CI")).as("CI installs helm (.ci/run); it is not on the PATH")
          .isNotEqualTo("true");
      Assumptions.abort("helm is not on the PATH (CI installs it: go install helm.sh/helm/v3)");
    }
    Files.createDirectories(RENDERED.getParent());
    Process process = new ProcessBuilder(helm.get().toString(), "template", RELEASE,
        CHART.toString(), "--namespace", "perf", "--set", "controller.enabled=true",
        "--set", "replicas=3").redirectErrorStream(true).redirectOutput(RENDERED.toFile())
        .start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("helm template ended").isTrue();
    assertThat(process.exitValue()).as("helm template: %s", Files.readString(RENDERED))
        .isZero();
    try (var documents = new YAMLMapper().readerFor(JsonNode.class)
        .<JsonNode>readValues(Files.readString(RENDERED, StandardCharsets.UTF_8))) {
      while (documents.hasNext()) {
        JsonNode document = documents.next();
        if (document != null && document.has("kind")) {
          byKind.put(document.get("kind").asText(), document);
        }
      }
    }
  }

  private static Optional<Path> helm() {
    return Stream.of(System.getenv("PATH").split(File.pathSeparator))
        .map(dir -> Path.of(dir, "helm")).filter(Files::isExecutable).findFirst();
  }

  private JsonNode engine() {
    return byKind.get("StatefulSet").at("/spec/template/spec/containers/0");
  }

  private JsonNode controller() {
    return byKind.get("Job").at("/spec/template/spec/containers/0");
  }

  private static Map<String, JsonNode> env(JsonNode container) {
    Map<String, JsonNode> env = new LinkedHashMap<>();
    container.get("env").forEach(e -> env.put(e.get("name").asText(), e));
    return env;
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(n -> texts.add(n.asText()));
    return texts;
  }

  private RemoteEngineOptions engineOptions() {
    return RemoteEngineOptions.parse(texts(engine().get("args")).toArray(String[]::new));
  }

  @Test
  void shouldStartTheEngineOnItsDeclaredPortsWithThePodsAddress() {
    RemoteEngineOptions options = engineOptions();
    Map<String, Integer> ports = new LinkedHashMap<>();
    engine().get("ports").forEach(p -> ports.put(p.get("name").asText(),
        p.get("containerPort").asInt()));

    assertThat(ports).as("container ports: the registry and the RMI object, both fixed")
        .containsEntry("rmi-registry", options.port()).containsEntry("rmi-object",
            options.rmiPort());
    assertThat(options.hostname()).as("--hostname").contains("$(POD_IP)");
    assertThat(env(engine()).get("POD_IP").at("/valueFrom/fieldRef/fieldPath").asText())
        .as("POD_IP from the pod's status").isEqualTo("status.podIP");
    JsonNode service = byKind.get("Service");
    assertThat(service.at("/spec/clusterIP").asText()).as("headless Service").isEqualTo("None");
    List<Integer> servicePorts = new ArrayList<>();
    service.at("/spec/ports").forEach(p -> servicePorts.add(p.get("port").asInt()));
    assertThat(servicePorts).as("Service ports").containsExactly(options.port(),
        options.rmiPort());
    assertThat(byKind.get("StatefulSet").at("/spec/serviceName").asText())
        .as("the StatefulSet's governing Service").isEqualTo(service.at("/metadata/name")
            .asText());
  }

  @Test
  void shouldBeReadyOnlyOnceTheEngineWroteItsReadyFile() {
    RemoteEngineOptions options = engineOptions();

    assertThat(options.readyFile()).as("--ready-file").isPresent();
    assertThat(texts(engine().at("/readinessProbe/exec/command")))
        .as("the readiness probe tests the engine's ready file")
        .containsExactly("test", "-f", options.readyFile().orElseThrow().toString());
  }

  @Test
  void shouldTakeKeystoreAndPasswordFromTheSecretAtOnePathForEnginesAndController() {
    RemoteEngineOptions options = engineOptions();
    JsonNode pod = byKind.get("StatefulSet").at("/spec/template/spec");
    JsonNode mount = engine().at("/volumeMounts/0");
    JsonNode volume = pod.at("/volumes/0");

    assertThat(options.ssl()).as("SSL on").isTrue();
    assertThat(mount.get("name").asText()).as("the keystore volume is mounted")
        .isEqualTo(volume.get("name").asText());
    assertThat(Path.of(mount.get("mountPath").asText(), volume.at("/secret/items/0/path")
        .asText())).as("the Secret's keystore file is the engine's --keystore")
        .isEqualTo(options.keystore());
    JsonNode password = env(engine()).get(RmiTransport.PASSWORD_VARIABLE);
    assertThat(password.at("/valueFrom/secretKeyRef/name").asText())
        .as("the password's Secret").isEqualTo(volume.at("/secret/secretName").asText());
    Map<String, JsonNode> controller = env(controller());
    assertThat(controller.get("PERF_RMI_KEYSTORE").get("value").asText())
        .as("the controller's keystore path: the engines' (JMeter ships it in its stubs)")
        .isEqualTo(options.keystore().toString());
    assertThat(controller.get(RmiTransport.PASSWORD_VARIABLE)
        .at("/valueFrom/secretKeyRef/name").asText()).as("the controller's password Secret")
        .isEqualTo(volume.at("/secret/secretName").asText());
  }

  @Test
  void shouldRunTheControllerOnEveryReplicaFoundByTheServicesName() {
    RemoteEngineOptions options = engineOptions();
    Map<String, JsonNode> env = env(controller());
    String service = byKind.get("Service").at("/metadata/name").asText();

    assertThat(env.get("PERF_REMOTES").get("value").asText()).as("perf.remotes")
        .isEqualTo("dns:" + service + ".perf.svc:" + options.port());
    assertThat(env.get("PERF_REMOTES_EXPECTED").get("value").asText())
        .as("perf.remotes.expected: every replica").isEqualTo("3");
    assertThat(env.get("JAVA_TOOL_OPTIONS").get("value").asText())
        .as("engines call the controller back on its pod address")
        .contains("-Djava.rmi.server.hostname=$(POD_IP)");
    assertThat(texts(controller().get("args"))).as("controller arguments")
        .containsSubsequence("--scenario", "dev.perfsuite.scenarios.example.FirstScenarioIT")
        .containsSubsequence("--results", "/results");
    assertThat(controller().at("/volumeMounts/0/mountPath").asText()).as("results volume")
        .isEqualTo("/results");
    assertThat(byKind.get("Job").at("/spec/template/spec/restartPolicy").asText())
        .as("a failed verdict is not retried").isEqualTo("Never");
  }
}
