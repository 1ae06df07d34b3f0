package dev.perfsuite.engines.shipment;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static us.abstracta.jmeter.javadsl.JmeterDsl.csvDataSet;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.perfsuite.config.settings.RemoteData;
import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.engines.LocalRemoteEngines;
import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.engines.remote.DistributedEngine;
import dev.perfsuite.engines.server.EngineDataStore;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.jmeter.services.FileServer;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Data files shipped to two child-JVM engines (RMI over SSL): a CSV data set's values reach a
 * capturing backend from both engines, whole or partitioned, read from the engines' own copies;
 * a missing file fails before any request is sent.
 */
@TestInstance(Lifecycle.PER_CLASS)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class DataFilesIT {
  private static final List<String> USERS = IntStream.rangeClosed(1, 10)
      .mapToObj(i -> String.format("u%02d", i)).toList();

  private LocalRemoteEngines two;
  private WireMockServer backend;

  @TempDir
  Path results;

  @TempDir
  Path data;

  @BeforeAll
  void startEnginesAndBackend() {
    backend = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1")
        .dynamicPort());
    backend.start();
    backend.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(200).withBody("ok")));
    two = LocalRemoteEngines.start(2);
  }

  @AfterAll
  void stopEnginesAndBackend() {
    if (two != null) {
      two.close();
    }
    if (backend != null) {
      backend.stop();
    }
  }

  @BeforeEach
  void forgetRequests() {
    backend.resetRequests();
  }

  /** 2 users per engine, 3 iterations each: 6 requests per engine. */
  private static LoadProfile sixRequestsPerEngine() {
    return Profiles.smoke().withUsers(4).withRampUp(Duration.ZERO).withIterations(3)
        .withWarmUp(Duration.ZERO);
  }

  private LoadPlan plan(String scenario, Path csv) {
    return LoadPlan.of(scenario, sixRequestsPerEngine(),
        csvDataSet(csv.toString()),
        httpSampler("GET user", "http://127.0.0.1:" + backend.port() + "/data?user=${user}")
            // JMeter sets this property on each engine to the address the controller named it by.
            .header("X-Engine", "${__P(__jm.D_TG,none)}"));
  }

  private Path usersCsv() throws Exception {
    Path csv = data.resolve("users-" + System.nanoTime() + ".csv");
    Files.writeString(csv, "user\n" + String.join("\n", USERS) + "\n");
    return csv;
  }

  /** The users each engine sent, by engine address. */
  private Map<String, Set<String>> usersByEngine() {
    Map<String, Set<String>> byEngine = new TreeMap<>();
    for (LoggedRequest request : backend.findAll(WireMock
        .anyRequestedFor(anyUrl()))) {
      String engine = request.getHeader("X-Engine");
      byEngine.computeIfAbsent(engine, e -> new TreeSet<>())
          .add(request.queryParameter("user").firstValue());
    }
    return byEngine;
  }

  @Test
  void shouldShipACsvDataSetWholeAndItsValuesReachTheBackendFromBothEngines() throws Exception {
    Path csv = usersCsv();
    RunResult result = two.engine(results, RemoteSplit.EVEN, Duration.ofSeconds(15))
        .run(plan("data-shared", csv));

    assertThat(result.interrupted()).as("completed; warnings %s", result.warnings()).isFalse();
    assertThat(result.overall(Phase.MEASUREMENT).errors()).as("errors").isZero();
    Map<String, Set<String>> byEngine = usersByEngine();
    System.out.println("users per engine (shared): " + byEngine);
    assertThat(byEngine).as("requests from both engines")
        .containsOnlyKeys(two.addresses().toArray(String[]::new));
    byEngine.forEach((engine, users) -> assertThat(users)
        .as("%s read the whole file from its first row", engine)
        .containsExactlyElementsOf(USERS.subList(0, 6)));
    String hash = EngineDataStore.sha256(csv).substring(0, 16);
    for (String engine : two.addresses()) {
      Path copy = engineDataDir(engine).resolve(hash).resolve(csv.getFileName());
      assertThat(copy).as("%s's copy", engine).exists().hasSameTextualContentAs(csv);
    }
  }

  @Test
  void shouldReadAPathBuiltAtRunTimeFromTheEnginesMirrorOfThePlansFolder() throws Exception {
    Path csv = data.resolve("mirrored").resolve("users.csv");
    Files.createDirectories(csv.getParent());
    Files.writeString(csv, "user\n" + String.join("\n", USERS) + "\n");
    FileServer files = FileServer.getFileServer();
    String previous = files.getBaseDir();
    // The plan's folder is JMeter's base on the controller (PlanBase sets it for a JMX); it lies
    // outside the working directory, so JMeter's engines receive "." as the base.
    files.setBase(data.toFile());
    RunResult result;
    try {
      result = two.engine(results, RemoteSplit.EVEN, Duration.ofSeconds(15))
          .run(plan("data-mirrored", Path.of("${__P(perf.it.unset,./mirrored)}/users.csv")));
    } finally {
      files.setBase(new File(previous));
    }

    assertThat(result.interrupted()).as("completed; warnings %s", result.warnings()).isFalse();
    Map<String, Set<String>> byEngine = usersByEngine();
    assertThat(byEngine).as("requests from both engines")
        .containsOnlyKeys(two.addresses().toArray(String[]::new));
    byEngine.forEach((engine, users) -> assertThat(users)
        .as("%s read ./mirrored/users.csv under its mirror of the plan's folder", engine)
        .containsExactlyElementsOf(USERS.subList(0, 6)));
  }

  @Test
  void shouldGiveEachEngineItsOwnSliceWhenPartitioned() throws Exception {
    Path csv = usersCsv();
    RunResult result = two.engine(results, RemoteSplit.EVEN, Duration.ofSeconds(15))
        .dataFiles(RemoteData.parse("partitioned:" + csv.getFileName()))
        .run(plan("data-partitioned", csv));

    assertThat(result.interrupted()).as("completed; warnings %s", result.warnings()).isFalse();
    Map<String, Set<String>> byEngine = usersByEngine();
    System.out.println("users per engine (partitioned): " + byEngine);
    Set<String> first = byEngine.get(two.addresses().get(0));
    Set<String> second = byEngine.get(two.addresses().get(1));
    assertThat(first).as("engine 1: rows 1, 3, 5, 7, 9")
        .containsExactly("u01", "u03", "u05", "u07", "u09");
    assertThat(second).as("engine 2: rows 2, 4, 6, 8, 10")
        .containsExactly("u02", "u04", "u06", "u08", "u10");
    List<String> all = new ArrayList<>(first);
    all.addAll(second);
    assertThat(all).as("slices disjoint and complete").containsExactlyInAnyOrderElementsOf(USERS);
  }

  @Test
  void shouldFailBeforeLoadNamingTheFileWhenADataFileIsMissing() {
    Path missing = data.resolve("no-such-users.csv");
    DistributedEngine engine = two.engine(results, RemoteSplit.EVEN, Duration.ofSeconds(15));

    assertThatThrownBy(() -> engine.run(plan("data-missing", missing)))
        .as("a missing data file")
        .hasMessageContaining(missing.toString())
        .hasMessageContaining("does not exist")
        .hasMessageContaining(two.addresses().get(0))
        .hasMessageContaining(two.addresses().get(1))
        .hasMessageContaining("Fix:");
    assertThat(backend.getAllServeEvents()).as("no request reached the backend").isEmpty();
  }

  @Test
  void shouldShipAnHttpBodyFileAndBothEnginesSendItsContent() throws Exception {
    Path body = data.resolve("body-" + System.nanoTime() + ".json");
    String content = "{\"from\":\"the controller\",\"at\":" + System.nanoTime() + "}";
    Files.writeString(body, content);
    RunResult result = two.engine(results, RemoteSplit.EVEN, Duration.ofSeconds(15))
        .run(LoadPlan.of("data-body-file", sixRequestsPerEngine(),
            httpSampler("POST body", "http://127.0.0.1:" + backend.port() + "/body")
                .method("POST").bodyFile(body.toString())
                .header("X-Engine", "${__P(__jm.D_TG,none)}")));

    assertThat(result.interrupted()).as("completed; warnings %s", result.warnings()).isFalse();
    List<LoggedRequest> requests = backend.findAll(WireMock
        .anyRequestedFor(anyUrl()));
    assertThat(requests).as("6 requests per engine").hasSize(12);
    assertThat(requests).as("every body is the file's content")
        .allSatisfy(r -> assertThat(r.getBodyAsString()).isEqualTo(content));
    assertThat(requests.stream().map(r -> r.getHeader("X-Engine")).distinct())
        .as("from both engines").containsExactlyInAnyOrderElementsOf(two.addresses());
  }

  @Test
  void shouldSendOnlyWhatAnEngineLacksByHash() throws Exception {
    Path csv = usersCsv();
    RmiTransport transport = LocalRemoteEngines.transport();

    List<DataShipment.Delivery> first = DataShipment.ship(
        testPlan(threadGroup(1, 1, csvDataSet(csv.toString()))), two.addresses(), transport,
        RemoteData.shared(), "run-token");
    List<DataShipment.Delivery> again = DataShipment.ship(
        testPlan(threadGroup(1, 1, csvDataSet(csv.toString()))), two.addresses(), transport,
        RemoteData.shared(), "run-token");
    Files.writeString(csv, "user\nchanged\n");
    List<DataShipment.Delivery> changed = DataShipment.ship(
        testPlan(threadGroup(1, 1, csvDataSet(csv.toString()))), two.addresses(), transport,
        RemoteData.shared(), "run-token");

    assertThat(first).as("first shipment: sent to both").extracting(DataShipment.Delivery::sent)
        .containsExactly(1, 1);
    assertThat(again).as("same content: nothing sent")
        .extracting(DataShipment.Delivery::sent, DataShipment.Delivery::present)
        .containsOnly(Tuple.tuple(0, 1));
    assertThat(changed).as("new content: sent again").extracting(DataShipment.Delivery::sent)
        .containsExactly(1, 1);
  }

  @Test
  void shouldNameTheEngineWhoseDataServiceCannotBeReachedBeforeLoad() throws Exception {
    Path csv = usersCsv();
    String notAnEngine = "127.0.0.1:" + backend.port();
    List<String> engines = List.of(two.addresses().get(0), notAnEngine);

    assertThatThrownBy(() -> DataShipment.ship(
        testPlan(threadGroup(1, 1, csvDataSet(csv.toString()))), engines,
        LocalRemoteEngines.transport(), RemoteData.shared(), "run-token"))
        .as("an address without the data-file service")
        .hasMessageContaining("engine " + notAnEngine)
        .hasMessageContaining("data-file service")
        .hasMessageNotContaining("engine " + two.addresses().get(0) + " ");
  }

  @Test
  void shouldShipAFileOfManyChunksIntact() throws Exception {
    Path big = data.resolve("big-" + System.nanoTime() + ".csv");
    byte[] content = new byte[8 * DataShipment.CHUNK + 123];
    new Random(42).nextBytes(content);
    Files.write(big, content);

    long started = System.nanoTime();
    List<DataShipment.Delivery> sent = DataShipment.ship(
        testPlan(threadGroup(1, 1, csvDataSet(big.toString()))), two.addresses(),
        LocalRemoteEngines.transport(), RemoteData.shared(), "run-token");
    double seconds = (System.nanoTime() - started) / 1e9;
    System.out.printf(Locale.ROOT, "shipped %d bytes to 2 engines over RMI+SSL in %.2f s "
        + "(%.1f MiB/s in total; loopback, busy shared host: noisy)%n", content.length, seconds,
        2.0 * content.length / (1 << 20) / seconds);

    assertThat(sent).as("sent whole to both").extracting(DataShipment.Delivery::bytes)
        .containsExactly((long) content.length, (long) content.length);
    String hash = EngineDataStore.sha256(big);
    for (String engine : two.addresses()) {
      Path copy = engineDataDir(engine).resolve(hash.substring(0, 16))
          .resolve(big.getFileName());
      assertThat(EngineDataStore.sha256(copy)).as("%s's copy", engine).isEqualTo(hash);
    }
  }

  /** The data directory the engine at {@code address} named on its start line. */
  private Path engineDataDir(String address) {
    return two.dataDirectory(two.addresses().indexOf(address));
  }
}
