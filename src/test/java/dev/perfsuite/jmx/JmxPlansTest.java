package dev.perfsuite.jmx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import dev.perfsuite.config.Secrets;
import dev.perfsuite.config.settings.JmxLoad;
import dev.perfsuite.config.settings.JmxPlugins;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.sla.Sla;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jmeter.reporters.ResultSaver;
import org.apache.jorphan.collections.HashTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;

class JmxPlansTest {
  private static final LoadProfile NO_WARM_UP = Profiles.smoke().withWarmUp(Duration.ZERO);

  private static ImportedPlan load(String fixture, JmxLoad load) {
    return JmxPlans.load(JmxFixtures.file(fixture), JmxFixtures.settings(load,
        JmxFixtures.shop(9)), NO_WARM_UP);
  }

  @Test
  void shouldKeepOnlyAMaskedCopyWhenADslPlanCarriesASecret() throws IOException {
    String secret = "dsl-plan-secret-7f3a9c";
    Secrets.registerGenerated(secret);
    DslTestPlan plan = testPlan(threadGroup(1, 1,
        httpSampler("login", "http://127.0.0.1:9/login").header("Authorization", secret)));

    ImportedPlan imported = JmxPlans.fromDsl("masked-dsl-plan", plan,
        JmxFixtures.settings(JmxLoad.PLAN, Map.of()), NO_WARM_UP);

    assertThat(Files.readString(imported.source()))
        .as("the kept copy of a DSL plan masks the secrets the JVM knows")
        .doesNotContain(secret)
        .contains("****");
    assertThat(imported.plan().planElements()).as("the run still gets the plan").isNotEmpty();
    try (var temporary = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      assertThat(temporary.map(Path::toString).filter(n -> n.contains("perf-dsl-"))
          .filter(n -> Files.exists(Path.of(n).resolve("masked-dsl-plan.jmx"))).toList())
          .as("the unmasked file the run loaded is deleted").isEmpty();
    }
  }

  @Test
  void shouldFailNamingFileAndLineWhenXmlIsMalformed() {
    assertThatThrownBy(() -> JmxPlans.load(JmxFixtures.file("malformed.jmx"),
        JmxFixtures.settings(JmxLoad.PLAN, Map.of()), NO_WARM_UP))
        .isInstanceOf(JmxException.class)
        .hasMessageContaining("malformed.jmx")
        .hasMessageContaining("line 12");
  }

  @Test
  void shouldFailNamingElementClassAndPluginWhenClassIsUnknown() {
    assertThatThrownBy(() -> JmxPlans.load(JmxFixtures.file("unknown-element.jmx"),
        JmxFixtures.settings(JmxLoad.PLAN, Map.of()), NO_WARM_UP))
        .isInstanceOf(JmxException.class)
        .hasMessageContaining("unknown-element.jmx")
        .hasMessageContaining("'Enqueue order'")
        .hasMessageContaining("kg.apc.jmeter.samplers.FancyQueueSampler")
        .hasMessageContaining("add the plugin")
        .hasMessageContaining("line 15");
  }

  @Test
  void shouldFailNamingPropertyAndKeyWhenStrictAndPlanReadsAnUnsetProperty() {
    assertThatThrownBy(() -> JmxPlans.load(JmxFixtures.file("shop-checkout.jmx"),
        JmxFixtures.settings(JmxLoad.PLAN, Map.of("shop.host", "127.0.0.1"))
            .withSemantics(true, JmxPlugins.OFF), NO_WARM_UP))
        .isInstanceOf(JmxException.class)
        .hasMessageContaining("shop.port")
        .hasMessageContaining("-Dperf.jmx.props.shop.port=")
        .hasMessageNotContaining("shop.threads");
  }

  @Test
  void shouldDisableGuiListenersSayingWhich() {
    ImportedPlan plan = load("shop-checkout.jmx", JmxLoad.PLAN);
    assertThat(plan.notes()).as("hygiene notes")
        .anyMatch(n -> n.contains("'Debug tree' (View Results Tree)"))
        .anyMatch(n -> n.contains("'Summary Report' (Summary Report)"));
    assertThat(plan.plan().planElements().toString()).doesNotContain("Summary Report");
  }

  @Test
  void shouldResolveCsvPathsAgainstTheJmxDirectory() {
    ImportedPlan plan = load("shop-checkout.jmx", JmxLoad.PLAN);
    assertThat(plan.notes()).anyMatch(n -> n.contains("data/shoppers.csv resolved to "
        + JmxFixtures.DIR.resolve("data/shoppers.csv").toAbsolutePath()));
  }

  @Test
  void shouldFailBeforeLoadWhenCsvFileIsMissing(@TempDir Path dir) throws IOException {
    Path jmx = dir.resolve("copy.jmx");
    Files.copy(JmxFixtures.file("shop-checkout.jmx"), jmx);
    assertThatThrownBy(() -> JmxPlans.load(jmx, JmxFixtures.settings(JmxLoad.PLAN,
        JmxFixtures.shop(9)), NO_WARM_UP))
        .hasMessageContaining("CSV Data Set 'Shoppers CSV' reads data/shoppers.csv")
        .hasMessageContaining(dir.resolve("data/shoppers.csv").toString());
  }

  @Test
  void shouldDisableSaveResponsesToAFileUnlessDataWritersAreKept() {
    for (boolean kept : new boolean[] {false, true}) {
      ResultSaver saver = new ResultSaver();
      saver.setName("save responses");
      HashTree tree = new HashTree();
      tree.add(saver);
      List<String> notes = PlanHygiene.apply(tree, kept ? Set.of("data-writer") : Set.of(),
          Path.of("."), Path.of("plan.jmx"));
      assertThat(saver.isEnabled()).as("kept with data-writer: %s", kept).isEqualTo(kept);
      assertThat(notes.stream().anyMatch(n -> n.contains("'save responses'")))
          .as("a note says so").isEqualTo(!kept);
    }
  }

  @Test
  void shouldDescribeOwnThreadGroupsWhenPlanKeepsThem() {
    ImportedPlan shop = load("shop-checkout.jmx", JmxLoad.PLAN);
    assertThat(shop.plan().ownThreadGroups()).isTrue();
    assertThat(shop.plan().profile().peakUsers()).as("users from ${__P(shop.threads,2)}")
        .isEqualTo(2);
    assertThat(shop.plan().profile().iterations()).hasValue(3);
    assertThat(shop.plan().scenario()).isEqualTo("shop-checkout");

    ImportedPlan ultimate = load("ultimate-ping.jmx", JmxLoad.PLAN);
    assertThat(ultimate.plan().profile().peakUsers()).isEqualTo(3);
    assertThat(ultimate.plan().profile().plannedDuration()).isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  void shouldPlanTheDurationTheDslWritesAsAnExpressionWithProperties() {
    DslTestPlan plan = testPlan(threadGroup("g").rampToAndHold("${__P(t,2)}", "1",
        "${__P(s,8)}").children(httpSampler("GET x", "http://127.0.0.1:9/")));
    ImportedPlan defaults = JmxPlans.fromDsl("dsl-defaults", plan,
        JmxFixtures.settings(JmxLoad.PLAN, Map.of()), NO_WARM_UP);
    ImportedPlan set = JmxPlans.fromDsl("dsl-set", plan,
        JmxFixtures.settings(JmxLoad.PLAN, Map.of("s", "4", "t", "3")), NO_WARM_UP);

    assertThat(defaults.plan().profile().plannedDuration()).isEqualTo(Duration.ofSeconds(9));
    assertThat(defaults.plan().profile().peakUsers()).isEqualTo(2);
    assertThat(set.plan().profile().plannedDuration()).isEqualTo(Duration.ofSeconds(5));
    assertThat(set.plan().profile().peakUsers()).isEqualTo(3);
  }

  @Test
  void shouldLoadConcurrencyThreadGroupAndThroughputShapingTimer() {
    ImportedPlan shaped = load("concurrency-shaped.jmx", JmxLoad.PLAN);
    assertThat(shaped.plan().profile().peakUsers()).isEqualTo(3);
    assertThat(shaped.plan().profile().plannedDuration()).as("ramp 2 s + hold 4 s")
        .isEqualTo(Duration.ofSeconds(6));
    assertThat(shaped.plan().planElements().toString())
        .contains("Shoppers (ConcurrencyThreadGroup)");
    assertThat(shaped.labels()).containsExactly("GET shaped");
  }

  @Test
  void shouldReplaceThreadGroupsWithTheProfileWhenLoadIsProfile() {
    ImportedPlan plan = load("shop-checkout.jmx", JmxLoad.PROFILE);
    assertThat(plan.plan().ownThreadGroups()).isFalse();
    assertThat(plan.plan().profile()).isEqualTo(NO_WARM_UP);
    assertThat(plan.plan().journey()).as("CSV, GET user, Checkout; the GUI listener removed")
        .hasSize(3);
    assertThat(plan.notes()).anyMatch(n -> n.contains("'Shoppers'") && n.contains("replaced"));
  }

  @Test
  void shouldFailNamingWarmUpWhenItOutlastsThePlan() {
    assertThatThrownBy(() -> JmxPlans.load(JmxFixtures.file("ultimate-ping.jmx"),
        JmxFixtures.settings(JmxLoad.PLAN, JmxFixtures.shop(9), Duration.ofSeconds(5), null),
        Profiles.smoke()))
        .hasMessageContaining("perf.warm-up=5s")
        .hasMessageContaining("-Dperf.warm-up=0s");
  }

  @Test
  void shouldReadTheSidecarSlaInTheTermsOfTheSlaDsl() {
    ImportedPlan plan = load("shop-checkout.jmx", JmxLoad.PLAN);
    assertThat(plan.sla()).isEqualTo(Sla.label("Checkout").p95Below(Duration.ofSeconds(5))
        .and(Sla.label("GET user").samplesAtLeast(6))
        .and(Sla.overall().errorPercentBelow(0.001).p99Below(Duration.ofSeconds(5))));
    assertThat(plan.slaSource()).endsWith("shop-checkout.sla.properties");
  }

  @Test
  void shouldDefaultToTheStructuralVerdictWithoutSidecar() {
    ImportedPlan plan = load("ultimate-ping.jmx", JmxLoad.PLAN);
    assertThat(plan.sla()).isEqualTo(Sla.overall().samplesAtLeast(1));
    assertThat(plan.structure()).as("errors and transactions judged through the plan")
        .hasValue(new PlanVerdict(1.0, Set.of(), Set.of()));
  }

  @Test
  void shouldListLabelsIncludingTransactions() {
    ImportedPlan plan = load("shop-checkout.jmx", JmxLoad.PLAN);
    assertThat(plan.labels()).containsExactly("GET user", "Checkout", "POST order", "GET cart");
  }

  @Test
  void shouldFailNamingKeyWhenSlaFileHasAnUnknownThreshold(@TempDir Path dir) throws IOException {
    Path sla = dir.resolve("x.sla.properties");
    Files.writeString(sla, "overall.p97Below=1s\nlabel.GET\\ a.p95Below=soon\n");
    assertThatThrownBy(() -> JmxSla.read(sla))
        .hasMessageContaining("overall.p97Below")
        .hasMessageContaining("p95Below")
        .hasMessageContaining("label.GET a.p95Below=soon");
  }
}
