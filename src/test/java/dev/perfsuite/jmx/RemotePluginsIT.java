package dev.perfsuite.jmx;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.perfsuite.config.JmxSettings;
import dev.perfsuite.config.settings.JmxPlugins;
import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.engines.LocalRemoteEngines;
import dev.perfsuite.plugins.PluginLoader;
import dev.perfsuite.plugins.PluginShipment;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JMX plan whose plugins the suite fetched (Custom Functions' {@code __base64Encode}, the
 * Parameterized Controller) runs on a child-JVM engine whose class path lacks them: the jars reach
 * the engine before the tree, and the engine forgets them when the test ends.
 */
@TestInstance(Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemotePluginsIT {
  /** Base64 of {@code perf-suite}, what {@code ${__base64Encode(perf-suite)}} gives. */
  private static final String TOKEN = "cGVyZi1zdWl0ZQ==";
  private static final String FUNCTION = "${__base64Encode(perf-suite)}";

  private LocalRemoteEngines one;
  private WireMockServer backend;

  @TempDir
  Path dir;

  @BeforeAll
  void startEngineAndBackend() {
    backend = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1")
        .dynamicPort());
    backend.start();
    backend.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(200).withBody("ok")));
    one = LocalRemoteEngines.start(1);
  }

  @AfterAll
  void stopEngineAndBackend() {
    if (one != null) {
      one.close();
    }
    if (backend != null) {
      backend.stop();
    }
  }

  @Test
  @Order(1)
  void shouldRunAPluginPlanOnAnEngineWhoseClassPathLacksThePlugins() throws Exception {
    assertThat(PluginLoader.class.getClassLoader().getResource(
        "kg/apc/jmeter/functions/Base64Encode.class")).as("the engines' class path (this JVM's) "
        + "has no Custom Functions").isNull();
    Path jmx = dir.resolve("plugin-plan.jmx");
    Files.writeString(jmx, plan());
    JmxSettings settings = JmxSettings.defaults().withProperties(Map.of("backend.port",
        String.valueOf(backend.port()))).withSemantics(false, JmxPlugins.AUTO);
    ImportedPlan imported = JmxPlans.load(jmx, settings, Profiles.smoke());
    backend.resetRequests();

    RunResult result = imported.withClassLoader(() -> one.engine(dir.resolve("results"),
        RemoteSplit.EVEN, Duration.ofSeconds(30)).run(imported.plan()));

    assertThat(result.overall(Phase.MEASUREMENT).samples()).as("samples").isEqualTo(3);
    assertThat(result.overall(Phase.MEASUREMENT).errors()).as("errors").isZero();
    List<String> tokens = backend.findAll(anyRequestedFor(anyUrl())).stream()
        .map(r -> r.getHeader("X-Token")).toList();
    assertThat(tokens).as("the engine evaluated the plugin function in every request, inside "
        + "the plugin's controller").hasSize(3).containsOnly(TOKEN);
  }

  @Test
  @Order(2)
  void shouldLeaveTheFunctionUnresolvedInTheEnginesNextTestWithoutThePlugin() {
    backend.resetRequests();
    LoadPlan plain = LoadPlan.of("no-plugins", Profiles.smoke().withUsers(1)
        .withRampUp(Duration.ZERO).withIterations(1).withWarmUp(Duration.ZERO),
        httpSampler("GET plain", "http://127.0.0.1:" + backend.port() + "/plain")
            .header("X-Token", FUNCTION));

    one.engine(dir.resolve("results-plain"), RemoteSplit.EVEN, Duration.ofSeconds(30))
        .run(plain);

    assertThat(backend.findAll(anyRequestedFor(anyUrl()))).extracting(
        (LoggedRequest r) -> r.getHeader("X-Token")).as("the last test's plugin function is "
        + "gone from the engine: JMeter leaves the text as written").containsOnly(FUNCTION);
  }

  @Test
  @Order(3)
  void shouldFailBeforeLoadNamingTheEngineAndTheJarItCannotOpen() throws Exception {
    Path broken = Files.writeString(dir.resolve("broken-plugin-1.0.jar"), "not a zip");
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(PluginLoader.of("perf.jmx.plugins", List.of(broken),
        previous));
    try {
      assertThatThrownBy(() -> PluginShipment.ship(one.addresses(),
          LocalRemoteEngines.transport())).as("refused before load")
          .hasMessageContaining("engine " + one.addresses().get(0))
          .hasMessageContaining("broken-plugin-1.0.jar").hasMessageContaining("Fix:");
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  /** One user, 3 loops, a Parameterized Controller around a request with a plugin header. */
  private static String plan() {
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <jmeterTestPlan version="1.2" properties="5.0" jmeter="5.6.3"><hashTree>
        <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="plugins"/><hashTree>
        <ThreadGroup guiclass="ThreadGroupGui" testclass="ThreadGroup" testname="users">
        <stringProp name="ThreadGroup.num_threads">1</stringProp>
        <stringProp name="ThreadGroup.ramp_time">0</stringProp>
        <elementProp name="ThreadGroup.main_controller" elementType="LoopController"
          guiclass="LoopControlPanel" testclass="LoopController" testname="loops">
        <stringProp name="LoopController.loops">3</stringProp>
        <boolProp name="LoopController.continue_forever">false</boolProp></elementProp>
        </ThreadGroup><hashTree>
        <kg.apc.jmeter.control.ParameterizedController
          guiclass="kg.apc.jmeter.control.ParameterizedControllerGui"
          testclass="kg.apc.jmeter.control.ParameterizedController" testname="per call">
        <elementProp name="ParameterizedController" elementType="Arguments"
          guiclass="ArgumentsPanel" testclass="Arguments"><collectionProp
          name="Arguments.arguments"/></elementProp>
        </kg.apc.jmeter.control.ParameterizedController><hashTree>
        <HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy"
          testname="GET token">
        <stringProp name="HTTPSampler.domain">127.0.0.1</stringProp>
        <stringProp name="HTTPSampler.port">${__P(backend.port)}</stringProp>
        <stringProp name="HTTPSampler.path">/token</stringProp>
        <stringProp name="HTTPSampler.method">GET</stringProp>
        <elementProp name="HTTPsampler.Arguments" elementType="Arguments">
        <collectionProp name="Arguments.arguments"/></elementProp></HTTPSamplerProxy><hashTree>
        <HeaderManager guiclass="HeaderPanel" testclass="HeaderManager" testname="headers">
        <collectionProp name="HeaderManager.headers"><elementProp name="" elementType="Header">
        <stringProp name="Header.name">X-Token</stringProp>
        <stringProp name="Header.value">FUNCTION</stringProp></elementProp></collectionProp>
        </HeaderManager><hashTree/></hashTree></hashTree></hashTree></hashTree></hashTree>
        </jmeterTestPlan>
        """.replace("FUNCTION", FUNCTION);
  }
}
