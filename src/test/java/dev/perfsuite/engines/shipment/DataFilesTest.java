package dev.perfsuite.engines.shipment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static us.abstracta.jmeter.javadsl.JmeterDsl.csvDataSet;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import dev.perfsuite.config.settings.RemoteData;
import dev.perfsuite.engines.CsvRecords;
import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.engines.server.EngineDataStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.http.entity.ContentType;
import org.apache.jmeter.config.CSVDataSet;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.protocol.http.util.HTTPFileArg;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.abstracta.jmeter.javadsl.JmeterDsl;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;

/** Finding, rewriting and partitioning data files, and the engine-side store's checks. */
class DataFilesTest {
  @TempDir
  Path dir;

  private Path write(String name, String content) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, content, StandardCharsets.UTF_8);
    return file;
  }

  private static DslTestPlan plan(Path csv, Path upload) {
    return testPlan(threadGroup(1, 1,
        csvDataSet(csv.toString()).variableNames("user"),
        httpSampler("upload", "http://127.0.0.1:1/")
            .bodyFilePart("file", upload.toString(), ContentType.TEXT_PLAIN)));
  }

  private static List<TestElement> elements(HashTree tree) {
    List<TestElement> all = new ArrayList<>();
    for (Object node : tree.list()) {
      if (node instanceof TestElement element) {
        all.add(element);
      }
      all.addAll(elements(tree.getTree(node)));
    }
    return all;
  }

  @Test
  void shouldFindCsvDataSetsAndHttpFilesOfThePlan() throws IOException {
    Path csv = write("users.csv", "u1\nu2\n");
    Path upload = write("body.txt", "hello");

    DataFiles.Found found = DataFiles.in(plan(csv, upload));

    assertThat(found.files()).as("files the plan reads")
        .extracting(DataFile::kind, DataFile::file, DataFile::header)
        .containsExactly(Tuple.tuple(DataFile.Kind.CSV, csv, false),
            Tuple.tuple(DataFile.Kind.UPLOAD, upload, false));
    assertThat(found.expressions()).as("paths left to the engines").isEmpty();
  }

  @Test
  void shouldResolveRelativePathsAsJmeterDoesAndLeaveExpressionsAlone() {
    DslTestPlan plan = testPlan(threadGroup(1, 1,
        csvDataSet("target/some/relative.csv"), csvDataSet("${__P(users.file)}")));

    DataFiles.Found found = DataFiles.in(plan);

    assertThat(found.files()).as("relative to the working directory (JMeter's base)")
        .extracting(DataFile::file)
        .containsExactly(Path.of("target/some/relative.csv").toAbsolutePath());
    assertThat(found.files().get(0).header()).as("variable names from the first line").isTrue();
    assertThat(found.expressions()).as("expression reported, not shipped")
        .singleElement().asString().contains("${__P(users.file)}");
  }

  @Test
  void shouldRewritePathsInTheTreeThePlanBuildsOnceTheRewriteIsAdded() throws IOException {
    Path csv = write("users.csv", "u1\n");
    Path upload = write("body.txt", "hello");
    DslTestPlan plan = plan(csv, upload);
    plan.children(DataShipment.pathRewrite(Map.of(
        DataFiles.key(DataFile.Kind.CSV, csv.toString()), "${__P(perf.data.dir)}/a/users.csv",
        DataFiles.key(DataFile.Kind.UPLOAD, upload.toString()),
        "${__P(perf.data.dir)}/b/body.txt")));

    HashTree root = new ListedHashTree();
    new BuildTreeContext().buildTreeFor(plan, root);

    List<TestElement> elements = elements(root);
    assertThat(elements).as("CSV data set").filteredOn(CSVDataSet.class::isInstance)
        .singleElement().extracting(e -> e.getPropertyAsString("filename"))
        .isEqualTo("${__P(perf.data.dir)}/a/users.csv");
    HTTPSamplerBase sampler = elements.stream().filter(HTTPSamplerBase.class::isInstance)
        .map(HTTPSamplerBase.class::cast).findFirst().orElseThrow();
    assertThat(sampler.getHTTPFiles()).as("HTTP file").extracting(HTTPFileArg::getPath)
        .containsExactly("${__P(perf.data.dir)}/b/body.txt");
  }

  @Test
  void shouldDealRowsRoundRobinDisjointAndCompleteKeepingTheHeader() throws IOException {
    List<String> rows = IntStream.rangeClosed(1, 10).mapToObj(i -> "user" + i + ",pw" + i)
        .collect(Collectors.toCollection(ArrayList::new));
    rows.add("\"multi\nline\",pw11");
    Path csv = write("users.csv", "name,password\n" + String.join("\n", rows) + "\n");
    DataFile file = new DataFile(DataFile.Kind.CSV, "users", csv.toString(), csv, true,
        StandardCharsets.UTF_8, true);

    CsvSlices.Slices slices = CsvSlices.deal(file, 3, dir.resolve("slices"));

    assertThat(slices.rows()).as("data rows").isEqualTo(11);
    List<String> dealt = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      List<String> records = records(slices.files().get(i));
      assertThat(records.get(0)).as("slice %d keeps the header", i).isEqualTo("name,password");
      dealt.addAll(records.subList(1, records.size()));
      assertThat(records).as("slice %d size", i).hasSize(1 + (i < 2 ? 4 : 3));
    }
    assertThat(dealt).as("disjoint and complete").containsExactlyInAnyOrderElementsOf(rows);
    assertThat(records(slices.files().get(0)).subList(1, 5)).as("round-robin")
        .containsExactly("user1,pw1", "user4,pw4", "user7,pw7", "user10,pw10");
    assertThat(slices.describe()).isEqualTo("11 rows dealt round-robin to 3 engines, 3-4 each");
  }

  @Test
  void shouldDealAStrayQuoteAsAPlainCharacterWhenTheDataSetReadsNoQuotedData()
      throws IOException {
    List<String> rows = List.of("O\"Brien,pw1", "Smith,pw2", "D\"Arcy,pw3", "Jones,pw4");
    Path csv = write("names.csv", String.join("\n", rows) + "\n");
    // As a JMX plan's data set reads it by default (the DSL's turns quotedData on).
    CSVDataSet dataSet = new CSVDataSet();
    dataSet.setName("names");
    dataSet.setProperty("filename", csv.toString());
    dataSet.setProperty("variableNames", "name,password");
    dataSet.setProperty("quotedData", false);
    HashTree tree = new ListedHashTree();
    tree.add(dataSet);
    DataFile file = DataFiles.in(tree).files().get(0);

    CsvSlices.Slices slices = CsvSlices.deal(file, 2, dir.resolve("slices"));

    assertThat(slices.rows()).as("every line a row, the quotes plain characters").isEqualTo(4);
    assertThat(Files.readAllLines(slices.files().get(0))).as("engine 1's even share")
        .containsExactly("O\"Brien,pw1", "D\"Arcy,pw3");
    assertThat(Files.readAllLines(slices.files().get(1))).as("engine 2's even share")
        .containsExactly("Smith,pw2", "Jones,pw4");
  }

  private static List<String> records(Path file) throws IOException {
    List<String> records = new ArrayList<>();
    try (var reader = Files.newBufferedReader(file)) {
      String record;
      while ((record = CsvRecords.next(reader)) != null) {
        records.add(record);
      }
    }
    return records;
  }

  @Test
  void shouldRefuseToPartitionFewerRowsThanEngines() throws IOException {
    Path csv = write("one.csv", "only\n");
    DataFile file = new DataFile(DataFile.Kind.CSV, "one", csv.toString(), csv, false,
        StandardCharsets.UTF_8, false);

    assertThatThrownBy(() -> CsvSlices.deal(file, 2, dir.resolve("slices")))
        .hasMessageContaining(csv.toString()).hasMessageContaining("1 data row")
        .hasMessageContaining("2 engines").hasMessageContaining("perf.remotes.data=shared");
  }

  @Test
  void shouldRejectAPartitionNameNoCsvDataSetReads() throws IOException {
    Path csv = write("users.csv", "u1\nu2\n");
    List<DataFile> files = DataFiles.in(plan(csv, write("b.txt", "x"))).files();

    assertThat(CsvSlices.partitioned(files, RemoteData.parse("partitioned:users.csv")))
        .as("by file name").extracting(DataFile::file).containsExactly(csv);
    assertThat(CsvSlices.partitioned(files, RemoteData.parse("partitioned")))
        .as("every CSV data set, never an upload").extracting(DataFile::file)
        .containsExactly(csv);
    assertThat(CsvSlices.partitioned(files, RemoteData.shared())).as("shared").isEmpty();
    assertThatThrownBy(() -> CsvSlices.partitioned(files,
        RemoteData.parse("partitioned:orders.csv")))
        .hasMessageContaining("'orders.csv'").hasMessageContaining(csv.toString());
  }

  @Test
  void shouldParsePerfRemotesData() {
    assertThat(RemoteData.parse("shared")).isEqualTo(RemoteData.shared());
    assertThat(RemoteData.parse("OFF").mode()).isEqualTo(RemoteData.Mode.OFF);
    assertThat(RemoteData.parse("partitioned: a.csv, b.csv").partitioned())
        .containsExactly("a.csv", "b.csv");
    assertThatThrownBy(() -> RemoteData.parse("split")).isInstanceOf(
        IllegalArgumentException.class);
    assertThatThrownBy(() -> RemoteData.parse("shared:a.csv")).isInstanceOf(
        IllegalArgumentException.class);
  }

  @Test
  void shouldStoreAnUploadOnlyWhenItsHashMatches() throws IOException {
    EngineDataStore store = EngineDataStore.local(dir.resolve("engine"));
    byte[] content = "user\nu1\nu2\n".getBytes(StandardCharsets.UTF_8);
    String sha = HexFormat.of().formatHex(EngineDataStore.digest().digest(content));
    String name = sha.substring(0, 16) + "/users.csv";

    assertThat(store.holds(name, sha)).as("before").isFalse();
    long id = store.begin("run-token", name, sha, content.length);
    store.write("run-token", id, Arrays.copyOfRange(content, 0, 5));
    store.write("run-token", id, Arrays.copyOfRange(content, 5, content.length));
    store.commit("run-token", id);
    assertThat(store.holds(name, sha)).as("after a chunked upload").isTrue();
    assertThat(dir.resolve("engine").resolve(name)).hasBinaryContent(content);

    String other = "0".repeat(64);
    long damaged = store.begin("run-token", name, other, content.length);
    store.write("run-token", damaged, content);
    assertThatThrownBy(() -> store.commit("run-token", damaged)).as("hash mismatch")
        .hasMessageContaining("damaged").hasMessageContaining(other);
    assertThat(store.holds(name, sha)).as("the good copy stays").isTrue();
    assertThat(store.holds(name, other)).as("nothing under the wrong hash").isFalse();
  }

  @Test
  void shouldRefuseNamesOutsideTheDataDirectory() throws IOException {
    EngineDataStore store = EngineDataStore.local(dir.resolve("engine"));
    String sha = "a".repeat(64);

    for (String name : List.of("../../etc/passwd", "/tmp/x.csv", "0123456789abcdef/../x.csv",
        "0123456789abcdef/..", "users.csv")) {
      assertThatThrownBy(() -> store.begin("run-token", name, sha, 1)).as(name)
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("refused");
    }
  }

  @Test
  void shouldFindTheScenariosDataFilesWrittenAtRunTimeAndOnTheClassPath() throws IOException {
    // As the Sunbird user journeys write them: the Keycloak users CSV relative to the project
    // (target/perf-data/keycloak-users.csv) and fixed data sets from test resources.
    Path users = Path.of("target", "data-files-test", "keycloak-users.csv");
    Files.createDirectories(users.getParent());
    Files.writeString(users, "username,email,firstName,lastName\nu1,u1@x,U,One\n");
    DslTestPlan plan = testPlan(threadGroup(1, 1,
        csvDataSet(users.toString()),
        csvDataSet(JmeterDsl.testResource(
            "data/sunbird-users/signup-first-names.csv"))));

    assertThat(DataFiles.in(plan).files()).as("both shipped").extracting(DataFile::file)
        .containsExactly(users.toAbsolutePath(), Path.of("target", "test-classes", "data",
            "sunbird-users", "signup-first-names.csv").toAbsolutePath());
  }

  @Test
  void shouldFailBeforeContactingEnginesWhenADataFileIsNotReadable() throws IOException {
    Path notAFile = Files.createDirectories(dir.resolve("users.csv"));
    Path missing = dir.resolve("missing.csv");
    DslTestPlan plan = testPlan(threadGroup(1, 1, csvDataSet(notAFile.toString()),
        csvDataSet(missing.toString())));

    assertThatThrownBy(() -> DataShipment.ship(plan, List.of("10.255.255.1:1099"),
        RmiTransport.plain(), RemoteData.shared(), "run-token"))
        .as("checked on the controller before any engine is asked")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(notAFile + ", which is not a readable file")
        .hasMessageContaining(missing + ", which does not exist")
        .hasMessageContaining("10.255.255.1:1099").hasMessageContaining("perf.remotes.data=off");
  }

  @Test
  void shouldLeaveThePlanAloneWhenDataShippingIsOff() {
    DslTestPlan plan = testPlan(threadGroup(1, 1, csvDataSet("/no/such/file.csv")));

    assertThat(DataShipment.ship(plan, List.of("10.255.255.1:1099"), RmiTransport.plain(),
        RemoteData.parse("off"), "run-token")).as("nothing shipped, no error").isEmpty();
  }
}
