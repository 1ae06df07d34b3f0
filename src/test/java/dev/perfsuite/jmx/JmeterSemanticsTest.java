package dev.perfsuite.jmx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.JmxSettings;
import dev.perfsuite.config.settings.JmxLoad;
import dev.perfsuite.config.settings.JmxPlugins;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Plans JMeter runs load as JMeter runs them, each silent JMeter choice warned once; under
 * {@code perf.jmx.strict=true} each is refused before load.
 */
class JmeterSemanticsTest {
  private static final Path DIR = JmxFieldCorpusIT.DIR;
  private static final LoadProfile PROFILE = Profiles.smoke();

  @Test
  void shouldRunAnUndefinedRampUpAsJmetersZeroNamingTheNearMiss() {
    ImportedPlan imported = load("field-17-typo-variable", false);
    assertThat(imported.plan().profile().stages().get(0).rampUp()).as("JMeter's 0 s ramp-up")
        .isZero();
    assertThat(imported.notes().stream().filter(n -> n.startsWith(ImportedPlan.WARNING)))
        .as("one warning naming the field and the near-miss")
        .singleElement().asString().contains("ThreadGroup.ramp_time=${rampupTime}")
        .contains("rampUpTime is defined").contains("JMeter reads it as 0");
  }

  @Test
  void shouldRefuseAnUndefinedRampUpWhenStrict() {
    assertThatThrownBy(() -> load("field-17-typo-variable", true))
        .isInstanceOf(JmxException.class).hasMessageContaining("rampUpTime is defined")
        .hasMessageContaining("perf.jmx.strict=true").hasMessageContaining("Fix:");
  }

  @Test
  void shouldLeaveAnUnsetPropertyToJmetersOneWithAWarning() {
    ImportedPlan imported = load("field-18-unset-property", false);
    assertThat(imported.notes()).as("warned once")
        .filteredOn(n -> n.startsWith(ImportedPlan.WARNING) && n.contains("REQUEST.log"))
        .singleElement().asString().contains("JMeter gives \"1\"");
  }

  @Test
  void shouldRefuseAnUnsetPropertyWhenStrict() {
    assertThatThrownBy(() -> load("field-18-unset-property", true))
        .isInstanceOf(JmxException.class).hasMessageContaining("REQUEST.log")
        .hasMessageContaining("-Dperf.jmx.props.REQUEST.log=");
  }

  @Test
  void shouldFindATildePathWhereJmeterLooksWithoutAWarningInBothModes() {
    for (boolean strict : new boolean[] {false, true}) {
      ImportedPlan imported = load("field-19-tilde-path", strict);
      assertThat(imported.notes()).as("strict=%s: no warning", strict)
          .noneMatch(n -> n.startsWith(ImportedPlan.WARNING));
      assertThat(imported.notes()).as("resolved beside the plan, ~ kept literal")
          .anyMatch(n -> n.contains(DIR.resolve("~/testdata/field-ids.csv").toAbsolutePath()
              .toString()));
    }
  }

  @Test
  void shouldRefuseAHomeFallbackWhenStrict() {
    assertThatThrownBy(() -> load("field-10-paths", true)).isInstanceOf(JmxException.class)
        .hasMessageContaining("perf.jmx.strict=true");
  }

  @Test
  void shouldNameTheNearMissCaseInsensitivelyOrWithinTwoEdits() {
    assertThat(JmeterLeniency.nearMiss("${USERS}", List.of("users", "loops")))
        .hasValue("${USERS} is not defined; users is defined");
    assertThat(JmeterLeniency.nearMiss("${loopz}", List.of("users", "loops")))
        .hasValue("${loopz} is not defined; loops is defined");
    assertThat(JmeterLeniency.nearMiss("${duration}", List.of("users")))
        .hasValue("${duration} is not defined");
    assertThat(JmeterLeniency.nearMiss("${users}", List.of("users"))).isEmpty();
  }

  private static ImportedPlan load(String name, boolean strict) {
    JmxSettings settings = new JmxSettings(List.of(), JmxLoad.PLAN, Map.of("field.host",
        "127.0.0.1", "field.port", "1"), Set.of(), Optional.empty(), 1.0, Optional.empty(),
        Optional.empty(), List.of()).withSemantics(strict, JmxPlugins.OFF);
    return JmxPlans.load(DIR.resolve(name + ".jmx"), settings, PROFILE);
  }
}
