package dev.perfsuite.engines.shipment;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.csvDataSet;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;
import static us.abstracta.jmeter.javadsl.JmeterDsl.vars;

import dev.perfsuite.engines.BuiltTree;
import dev.perfsuite.engines.server.EngineDataStore;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.config.CSVDataSet;
import org.apache.jmeter.engine.PreCompiler;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * The plan's folder mirrored on remote engines: which files paths built at run time make, and the
 * engine making the mirror JMeter's base directory before the plan's variables are evaluated.
 */
class PlanMirrorTest {
  private static final String BASE_SCRIPT = "${__groovy(org.apache.jmeter.services.FileServer"
      + ".getFileServer().getBaseDir())}";

  @TempDir
  Path planFolder;

  @TempDir
  Path engineData;

  private String previousBase;
  private JMeterVariables previousVariables;

  @BeforeEach
  void keepJmetersState() {
    BuiltTree.build(testPlan());
    previousBase = FileServer.getFileServer().getBaseDir();
    previousVariables = JMeterContextService.getContext().getVariables();
    // JMeter's base directory is the plan's folder on the controller, as PlanBase sets it.
    FileServer.getFileServer().setBase(planFolder.toFile());
  }

  @AfterEach
  void restoreJmetersState() {
    FileServer.getFileServer().setBase(new File(previousBase));
    JMeterContextService.getContext().setVariables(previousVariables);
    JMeterUtils.getJMeterProperties().remove(EngineDataService.DATA_DIR_PROPERTY);
  }

  private Path write(String relative, String content) throws IOException {
    Path file = planFolder.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
    return file;
  }

  private static DslTestPlan planReading(String... csvPaths) {
    return testPlan(vars().set("dataDir", "./data"), threadGroup(1, 1,
        Arrays.stream(csvPaths).map(p -> csvDataSet(p)).toArray(ThreadGroupChild[]::new)));
  }

  @Test
  void shouldMirrorTheFilesThatPathsBuiltAtRunTimeMakeUnderThePlansFolder() throws IOException {
    Path users = write("data/users.csv", "user\nu1\n");

    DataFiles.Found found = DataFiles.in(planReading("${dataDir}/users.csv",
        "${__P(perf.test.none,./data)}/users.csv", "data/${__threadNum}.csv",
        "${dataDir}/missing.csv"));
    PlanMirror mirror = PlanMirror.of(found.runTime(), planFolder);

    assertThat(mirror.entries()).as("one file under its path in the plan's folder")
        .containsOnlyKeys(mirror.name() + "/data/users.csv");
    assertThat(mirror.entries().values()).as("the file here").extracting(DataFile::file)
        .containsOnly(users);
    assertThat(mirror.name()).as("named by a hash").matches("[0-9a-f]{16}");
    assertThat(mirror.left()).as("a path making no file here is left to the engines, warned")
        .singleElement().asString().contains("${dataDir}/missing.csv").contains("no file here");
    assertThat(found.expressions()).as("a thread's path is not evaluated, only reported")
        .anyMatch(e -> e.contains("${__threadNum}"));
  }

  @Test
  void shouldNameAChangedMirrorAnewAndAnUnchangedOneAlike() throws IOException {
    Path users = write("data/users.csv", "user\nu1\n");
    DslTestPlan plan = planReading("${dataDir}/users.csv");

    String first = PlanMirror.of(DataFiles.in(plan).runTime(), planFolder).name();
    String again = PlanMirror.of(DataFiles.in(plan).runTime(), planFolder).name();
    Files.writeString(users, "user\nu2\n");
    String changed = PlanMirror.of(DataFiles.in(plan).runTime(), planFolder).name();

    assertThat(again).as("same files, same mirror (nothing sent again)").isEqualTo(first);
    assertThat(changed).as("changed content, new mirror").isNotEqualTo(first);
  }

  @Test
  void shouldEvaluateTheTestPlansVariablesAsAJmxDefinesThem() throws IOException {
    Path users = write("data/users.csv", "user\nu1\n");
    HashTree tree = new ListedHashTree();
    TestPlan plan = new TestPlan("from a JMX");
    Arguments variables = new Arguments();
    variables.addArgument("base", BASE_SCRIPT);
    plan.setUserDefinedVariables(variables);
    CSVDataSet csv = new CSVDataSet();
    csv.setName("accounts");
    csv.setProperty("filename", "${base}/data/users.csv");
    tree.add(plan).add(csv);

    PlanMirror mirror = PlanMirror.of(DataFiles.in(tree).runTime(), planFolder);

    assertThat(mirror.entries()).as("a script's base directory, then data/users.csv")
        .containsOnlyKeys(mirror.name() + "/data/users.csv");
    assertThat(mirror.entries().values()).extracting(DataFile::file).containsOnly(users);
  }

  @Test
  void shouldMakeTheMirrorJmetersBaseOnAnEngineBeforeThePlansVariablesAreEvaluated()
      throws IOException {
    write("data/users.csv", "user\nu1\n");
    DslTestPlan dsl = planReading("${dataDir}/users.csv");
    PlanMirror mirror = PlanMirror.of(DataFiles.in(dsl).runTime(), planFolder);
    Path onEngine = engineData.resolve(mirror.name());
    Files.createDirectories(onEngine.resolve("data"));
    Files.writeString(onEngine.resolve("data/users.csv"), "user\nshipped\n");
    dsl.children(mirror.baseOnEngines());
    HashTree tree = BuiltTree.build(dsl);
    HashTree planTree = tree.getTree(tree.getArray()[0]);
    // A JMX's Test Plan variables, as the suite places them: an element under the Test Plan.
    Arguments variables = new Arguments();
    variables.addArgument("base", BASE_SCRIPT);
    planTree.add(variables);
    // What JMeter's engine did in rconfigure: the controller's folder, here meaningless.
    FileServer.getFileServer().setBase(new File("."));
    JMeterUtils.setProperty(EngineDataService.DATA_DIR_PROPERTY, engineData.toString());

    tree.traverse(new PreCompiler());

    assertThat(planTree.getArray()[0]).as("first under the Test Plan")
        .isInstanceOf(MirrorBase.class);
    assertThat(Path.of(FileServer.getFileServer().getBaseDir())).as("JMeter's base on the engine")
        .isEqualTo(onEngine);
    assertThat(JMeterContextService.getContext().getVariables().get("base"))
        .as("a Test Plan variable asking FileServer, evaluated at the start")
        .isEqualTo(onEngine.toString());
    FileServer files = FileServer.getFileServer();
    files.reserveFile("./data/users.csv", "UTF-8", "users", false);
    try {
      files.readLine("users");
      assertThat(files.readLine("users")).as("${dataDir}/users.csv read on the engine: the copy")
          .isEqualTo("shipped");
    } finally {
      files.closeFile("users");
    }
  }

  @Test
  void shouldLeaveJmetersBaseAloneWhereNoDataDirectoryIsSet() throws IOException {
    write("data/users.csv", "user\nu1\n");
    DslTestPlan dsl = planReading("${dataDir}/users.csv");
    PlanMirror mirror = PlanMirror.of(DataFiles.in(dsl).runTime(), planFolder);
    dsl.children(mirror.baseOnEngines());
    HashTree tree = BuiltTree.build(dsl);

    // The controller's own pass over the tree (ClientJMeterEngine's PreCompiler).
    tree.traverse(new PreCompiler(true));

    assertThat(Path.of(FileServer.getFileServer().getBaseDir())).as("the controller's base")
        .isEqualTo(planFolder);
    assertThat(MirrorBase.onEngine(engineData.toString(), "0123456789abcdef"))
        .as("an engine whose mirror was pruned keeps JMeter's base").isEmpty();
  }

  @Test
  void shouldStoreAMirroredFileUnderItsFoldersOnTheEngine() throws IOException {
    EngineDataStore store = EngineDataStore.local(engineData);
    byte[] content = "user\nu1\n".getBytes(StandardCharsets.UTF_8);
    String sha = HexFormat.of().formatHex(EngineDataStore.digest().digest(content));
    String name = "0123456789abcdef/data/sub/users.csv";

    long id = store.begin("run-token", name, sha, content.length);
    store.write("run-token", id, content);
    store.commit("run-token", id);

    assertThat(engineData.resolve(name)).as("the mirrored copy").hasBinaryContent(content);
    assertThat(store.holds(name, sha)).as("held by hash").isTrue();
  }
}
