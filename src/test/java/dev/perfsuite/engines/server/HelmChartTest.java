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
 * The pods pass the restricted Pod Security Standard (not root, read-only root with a writable
 * /tmp, no escalation, no capabilities, RuntimeDefault seccomp, no service-account token), only
 * the controller reaches the engines' ports, scenario secrets come from secretKeyRef, and the
 * controller's results stay on a claim that outlives its pod.
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
    Rendered rendered = renderChart(RENDERED, "--set", "controller.enabled=true", "--set",
        "replicas=3");
    assertThat(rendered.exit()).as("helm template: %s", rendered.output()).isZero();
    byKind.putAll(rendered.byKind());
  }

  /** What {@code helm template} printed and exited with, and its documents by kind. */
  private record Rendered(int exit, String output, Map<String, JsonNode> byKind) {
  }

  /** Renders the chart with {@code sets} into {@code file}; skipped where helm is missing. */
  private static Rendered renderChart(Path file, String... sets) throws Exception {
    Optional<Path> helm = helm();
    if (helm.isEmpty()) {
      assertThat(System.getenv("CI")).as("CI installs helm (.ci/run); it is not on the PATH")
          .isNotEqualTo("true");
      Assumptions.abort("helm is not on the PATH (CI installs it: go install helm.sh/helm/v3)");
    }
    Files.createDirectories(file.getParent());
    List<String> command = new ArrayList<>(List.of(helm.get().toString(), "template", RELEASE,
        CHART.toString(), "--namespace", "perf"));
    command.addAll(List.of(sets));
    Process process = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(file.toFile()).start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("helm template ended").isTrue();
    String output = Files.readString(file, StandardCharsets.UTF_8);
    Map<String, JsonNode> kinds = new LinkedHashMap<>();
    if (process.exitValue() == 0) {
      try (var documents = new YAMLMapper().readerFor(JsonNode.class)
          .<JsonNode>readValues(output)) {
        while (documents.hasNext()) {
          JsonNode document = documents.next();
          if (document != null && document.has("kind")) {
            kinds.put(document.get("kind").asText(), document);
          }
        }
      }
    }
    return new Rendered(process.exitValue(), output, kinds);
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

  @Test
  void shouldRunEveryPodAsNonRootReadOnlyWithoutCapabilitiesOrServiceAccountToken() {
    for (String kind : List.of("StatefulSet", "Job")) {
      JsonNode pod = byKind.get(kind).at("/spec/template/spec");
      assertThat(pod.get("automountServiceAccountToken").asBoolean(true))
          .as("%s: service-account token mounted", kind).isFalse();
      assertThat(pod.at("/securityContext/runAsNonRoot").asBoolean()).as("%s: runAsNonRoot", kind)
          .isTrue();
      assertThat(pod.at("/securityContext/runAsUser").asInt()).as("%s: runAsUser", kind)
          .isPositive();
      assertThat(pod.at("/securityContext/seccompProfile/type").asText())
          .as("%s: pod seccomp profile", kind).isEqualTo("RuntimeDefault");
      JsonNode container = pod.at("/containers/0");
      JsonNode security = container.get("securityContext");
      assertThat(security.get("allowPrivilegeEscalation").asBoolean(true))
          .as("%s: allowPrivilegeEscalation", kind).isFalse();
      assertThat(security.get("readOnlyRootFilesystem").asBoolean()).as("%s: read-only root",
          kind).isTrue();
      assertThat(texts(security.at("/capabilities/drop"))).as("%s: capabilities dropped", kind)
          .containsExactly("ALL");
      assertThat(security.at("/capabilities/add").isMissingNode())
          .as("%s: no capability added", kind).isTrue();
      assertThat(security.at("/seccompProfile/type").asText())
          .as("%s: container seccomp profile", kind).isEqualTo("RuntimeDefault");
      Map<String, String> mounts = new LinkedHashMap<>();
      container.get("volumeMounts").forEach(m -> mounts.put(m.get("mountPath").asText(),
          m.get("name").asText()));
      List<String> emptyDirs = new ArrayList<>();
      pod.get("volumes").forEach(v -> {
        if (v.has("emptyDir")) {
          emptyDirs.add(v.get("name").asText());
        }
      });
      assertThat(mounts).as("%s: /tmp writable on a read-only root", kind).containsKey("/tmp");
      assertThat(emptyDirs).as("%s: /tmp is an emptyDir", kind).contains(mounts.get("/tmp"));
    }
    assertThat(engineOptions().readyFile().orElseThrow().toString())
        .as("the ready file lies in the writable /tmp").startsWith("/tmp/");
  }

  @Test
  void shouldAdmitOnlyTheControllerToTheEnginesPorts() {
    RemoteEngineOptions options = engineOptions();
    JsonNode policy = byKind.get("NetworkPolicy");
    JsonNode engines = byKind.get("StatefulSet").at("/spec/template/metadata/labels");
    JsonNode controllerPods = byKind.get("Job").at("/spec/template/metadata/labels");

    assertThat(policy).as("a NetworkPolicy").isNotNull();
    policy.at("/spec/podSelector/matchLabels").fields().forEachRemaining(label ->
        assertThat(engines.path(label.getKey()).asText()).as("engine pods carry %s",
            label.getKey()).isEqualTo(label.getValue().asText()));
    assertThat(controllerPods.path("app.kubernetes.io/component").asText())
        .as("controller pods' component").isEqualTo("controller");
    assertThat(texts(policy.at("/spec/policyTypes"))).as("policy types").contains("Ingress");
    JsonNode ingress = policy.at("/spec/ingress");
    assertThat(ingress.size()).as("ingress rules").isEqualTo(1);
    JsonNode from = ingress.at("/0/from");
    assertThat(from.size()).as("peers admitted").isEqualTo(1);
    JsonNode peer = from.at("/0/podSelector/matchLabels");
    assertThat(peer.size()).as("labels the admitted pods must carry").isPositive();
    peer.fields().forEachRemaining(label -> assertThat(controllerPods.path(label.getKey())
        .asText()).as("controller pods carry %s", label.getKey())
        .isEqualTo(label.getValue().asText()));
    assertThat(peer.path("app.kubernetes.io/component").asText())
        .as("only the controller, not every pod of the release").isEqualTo("controller");
    List<Integer> ports = new ArrayList<>();
    ingress.at("/0/ports").forEach(p -> ports.add(p.get("port").asInt()));
    assertThat(ports).as("ports admitted").containsExactlyInAnyOrder(options.port(),
        options.rmiPort());
  }

  @Test
  void shouldKeepTheControllersResultsOnAClaimThatOutlivesTheJobsPod() {
    JsonNode pod = byKind.get("Job").at("/spec/template/spec");
    JsonNode results = null;
    for (JsonNode volume : pod.get("volumes")) {
      if (volume.get("name").asText().equals("results")) {
        results = volume;
      }
    }
    JsonNode claim = byKind.get("PersistentVolumeClaim");

    assertThat(results).as("the results volume").isNotNull();
    assertThat(results.has("emptyDir")).as("results on an emptyDir (lost with the pod)")
        .isFalse();
    assertThat(claim).as("the chart's results claim").isNotNull();
    assertThat(results.at("/persistentVolumeClaim/claimName").asText())
        .as("the results volume's claim").isEqualTo(claim.at("/metadata/name").asText());
    assertThat(claim.at("/metadata/annotations/helm.sh~1resource-policy").asText())
        .as("the claim is kept on helm uninstall").isEqualTo("keep");
  }

  @Test
  void shouldTakeScenarioSecretsFromSecretKeyRefsAndRefuseLiteralOnes() throws Exception {
    Rendered referenced = renderChart(Path.of("target", "helm", "perf-engines-secret-env.yaml"),
        "--set", "controller.enabled=true",
        "--set", "controller.secretEnv.PERF_KEYCLOAK_CLIENT_SECRET.secretName=scenario-secrets",
        "--set", "controller.secretEnv.PERF_KEYCLOAK_CLIENT_SECRET.key=client-secret");
    Rendered literal = renderChart(Path.of("target", "helm", "perf-engines-literal-secret.yaml"),
        "--set", "controller.enabled=true",
        "--set", "controller.env.PERF_KEYCLOAK_CLIENT_SECRET=in-the-values");

    assertThat(referenced.exit()).as("helm template: %s", referenced.output()).isZero();
    JsonNode secret = env(referenced.byKind().get("Job").at("/spec/template/spec/containers/0"))
        .get("PERF_KEYCLOAK_CLIENT_SECRET");
    assertThat(secret.at("/valueFrom/secretKeyRef/name").asText()).as("the secret's Secret")
        .isEqualTo("scenario-secrets");
    assertThat(secret.at("/valueFrom/secretKeyRef/key").asText()).as("the secret's key")
        .isEqualTo("client-secret");
    assertThat(secret.has("value")).as("a literal value").isFalse();
    assertThat(literal.exit()).as("helm template with a literal secret").isNotZero();
    assertThat(literal.output()).as("the refusal").contains("controller.env."
        + "PERF_KEYCLOAK_CLIENT_SECRET", "Fix: move it to controller.secretEnv")
        .doesNotContain("in-the-values");
  }

  @Test
  void shouldRunTheJava25ImageWhenJavaIs25AndRefuseAnyOtherJava() throws Exception {
    Rendered java25 = renderChart(Path.of("target", "helm", "perf-engines-java25.yaml"),
        "--set", "java=25");
    Rendered java21 = renderChart(Path.of("target", "helm", "perf-engines-java21.yaml"),
        "--set", "java=21");

    assertThat(engine().get("image").asText()).as("the default: Java 17's tag")
        .isEqualTo("perf-suite-engine:latest");
    assertThat(java25.exit()).as("helm template: %s", java25.output()).isZero();
    assertThat(java25.byKind().get("StatefulSet").at("/spec/template/spec/containers/0/image")
        .asText()).as("java: 25").isEqualTo("perf-suite-engine:latest-java25");
    assertThat(java21.exit()).as("helm template with java: 21").isNotZero();
    assertThat(java21.output()).as("the refusal").contains("java: 21 is not an engine Java",
        "use 17 (image.tag) or 25 (image.java25Tag)");
  }
}
