package dev.perfsuite.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.TagFilter;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * A selection ({@code perf.groups}) of no scenario fails the run, named with the tags that exist
 * and the nearest one as the fix; a selection that holds a scenario, or none asked for, adds
 * nothing that fails. The launcher runs as failsafe runs it: the groups as a tag filter and as
 * {@code perf.groups}.
 */
class EmptySelectionTest {
  private static final List<DiscoverySelector> CATALOGUE = List.of(
      selectClass(SunbirdScenario.class), selectClass(MosipScenario.class),
      selectClass(PlainTest.class));

  @Test
  void shouldFailASelectionOfNoScenarioNamingItAndTheTagsThatExist() {
    TestExecutionSummary summary = run("sunbrid");

    assertThat(summary.getTotalFailureCount()).as("the run fails").isOne();
    assertThat(summary.getFailures().get(0).getException().getMessage())
        .as("the failure names the selection, what exists and the fix")
        .startsWith("perf.groups=sunbrid selects no scenario: no scenario class carries that tag.")
        .contains("sunbird (")
        .contains("Fix: -Dperf.groups=sunbird (perf runs every scenario)");
  }

  @Test
  void shouldPassASelectionThatHoldsAScenarioAndCheckNothingWithoutOne() {
    assertThat(run("sunbird").getTotalFailureCount()).as("perf.groups=sunbird").isZero();
    assertThat(run("sunbird").getTestsSucceededCount()).as("the selection check passed")
        .isOne();
    TestExecutionSummary plain = run(null);
    assertThat(plain.getTestsSucceededCount() + plain.getTotalFailureCount())
        .as("no perf.groups: no check runs (plain mvn verify)").isZero();
  }

  @Test
  void shouldCountTheTagsOfScenarioClassesOnly() {
    assertThat(EmptySelection.scenarioTags(CATALOGUE)).as("tags of @Tag(\"perf\") classes")
        .isEqualTo(Map.of("mosip", 1, "perf", 2, "sunbird", 1));
    assertThat(EmptySelection.message("wso2", Map.of())).as("nothing exists")
        .contains("No scenario class (@PerfScenario or @Scenario) is on the test classpath.")
        .contains("Fix: -Dperf.groups=perf");
  }

  @Test
  void shouldTagTheCheckWithTheTagsTheSelectionNames() {
    assertThat(SelectionCheckEngine.namedTags("sunbird & !slow | (mosip,wso2)"))
        .as("named, not negated").containsExactly("sunbird", "mosip", "wso2");
  }

  /** The nested classes run only through the check; the inner property stays unset. */
  private static TestExecutionSummary run(String groups) {
    LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
        .selectors(CATALOGUE);
    if (groups != null) {
      request.filters(TagFilter.includeTags(groups))
          .configurationParameter(EmptySelection.GROUPS, groups);
    }
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    try (LauncherSession session = LauncherFactory.openSession()) {
      session.getLauncher().execute(request.build(), listener);
    }
    return listener.getSummary();
  }

  @Tag("perf")
  @Tag("sunbird")
  @EnabledIfSystemProperty(named = "empty-selection.inner", matches = "true")
  static class SunbirdScenario {
    @Test
    void shouldReadContent() {
    }
  }

  @Tag("perf")
  @Tag("mosip")
  @EnabledIfSystemProperty(named = "empty-selection.inner", matches = "true")
  static class MosipScenario {
    @Test
    void shouldAuthenticate() {
    }
  }

  @Tag("plain")
  @EnabledIfSystemProperty(named = "empty-selection.inner", matches = "true")
  static class PlainTest {
    @Test
    void shouldNotCount() {
    }
  }
}
