package dev.perfsuite.jmx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.JmxSettings;
import dev.perfsuite.config.settings.JmxLoad;
import dev.perfsuite.config.settings.JmxPlugins;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.jmeter.services.FileServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  @Test
  void shouldMakeThePlansFolderJmetersBaseDirectoryWhileItLoadsAndRuns() {
    ImportedPlan imported = load("field-21-base-dir-script", false);
    Path folder = DIR.toAbsolutePath().normalize();
    assertThat(imported.notes()).as("the script's base directory builds the CSV path")
        .anyMatch(n -> n.contains("${base}/data/field-accounts.csv")
            && n.contains(folder.resolve("data/field-accounts.csv").toString()));
    String before = FileServer.getFileServer().getBaseDir();
    assertThat(imported.withClassLoader(() -> FileServer.getFileServer().getBaseDir()))
        .as("JMeter's base directory during the run, as jmeter -n -t sets it")
        .isEqualTo(folder.toString());
    assertThat(FileServer.getFileServer().getBaseDir()).as("restored after the run")
        .isEqualTo(before);
  }

  @Test
  void shouldResolveADataDirectoryPropertyAgainstThePlansFolder() {
    assertThat(load("field-22-data-directory-property", false).notes())
        .anyMatch(n -> n.contains("${dataDir}/field-accounts.csv")
            && n.contains(DIR.toAbsolutePath().normalize().resolve("data/field-accounts.csv")
            .toString()));
  }

  @Test
  void shouldRefuseARunTimeCsvPathWhoseFileIsMissingNamingTheElementAndPath() {
    assertThatThrownBy(() -> load("field-31-runtime-csv-missing", false))
        .isInstanceOf(JmxException.class).hasMessageContaining("CSV Data Set 'accounts'")
        .hasMessageContaining("${dataDir}/field-accounts.csv")
        .hasMessageContaining("./no-such-data/field-accounts.csv").hasMessageContaining("Fix:");
  }

  @Test
  void shouldReadGroupCountsFromVariablesInsideTheGroupBeforeJudgingLoops() {
    ImportedPlan imported = load("field-23-group-variables", true);
    assertThat(imported.plan().profile().peakUsers()).as("${users} of the group's UDV")
        .isEqualTo(2);
    assertThat(imported.plan().profile().iterations()).as("ends on its scheduler").isEmpty();
    assertThat(imported.plan().profile().stages().get(0).hold()).as("${duration} seconds")
        .isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void shouldWarnOfAnUnknownFunctionNamingElementValueAndWhatJmeterDoes() {
    ImportedPlan imported = load("field-24-unknown-function", false);
    assertThat(imported.notes()).as("a warning, not a refusal")
        .filteredOn(n -> n.startsWith(ImportedPlan.WARNING) && n.contains("__jexl"))
        .singleElement().asString().contains("'If feature on'")
        .contains("leaves the text as written");
    assertThatThrownBy(() -> load("field-24-unknown-function", true))
        .as("strict refuses what JMeter runs silently").isInstanceOf(JmxException.class)
        .hasMessageContaining("__jexl");
  }

  @Test
  void shouldTakeAPackageImportInBeanShellAsJmeterDoes() {
    assertThat(load("field-25-package-import", true).notes()).as("no warning, strict or not")
        .noneMatch(n -> n.startsWith(ImportedPlan.WARNING));
    assertThat(PlanDependencies.isPackage("java.io")).as("java.io").isTrue();
    assertThat(PlanDependencies.isPackage("java.io.File")).as("java.io.File").isFalse();
  }

  @Test
  void shouldLoadJdbcElementsOfJmetersStandardDistribution() {
    assertThat(load("field-26-jdbc-elements", true).labels()).as("the HTTP journeys")
        .contains("GET orders", "GET basket");
  }

  @Test
  void shouldRefuseAModuleControllerWhoseTargetIsMissingNamingItAndThePath() {
    assertThatThrownBy(() -> load("field-28-module-missing-target", false))
        .isInstanceOf(JmxException.class).hasMessageContaining("Module Controller 'Call login'")
        .hasMessageContaining("Shared steps > Login").hasMessageContaining("JMeter refuses")
        .hasMessageContaining("Fix:");
  }

  @Test
  void shouldRefuseAnIncludeControllerWhoseFileIsMissingNamingIt(@TempDir Path dir)
      throws IOException {
    Path copy = dir.resolve("include.jmx");
    Files.copy(DIR.resolve("field-29-include-controller.jmx"), copy);
    assertThatThrownBy(() -> JmxPlans.load(copy, settings(false), PROFILE))
        .isInstanceOf(JmxException.class).hasMessageContaining("Include Controller "
            + "'Include login'").hasMessageContaining("fragments/field-login-fragment.jmx")
        .hasMessageContaining(dir.resolve("fragments/field-login-fragment.jmx").toString());
    assertThat(load("field-29-include-controller", true).notes())
        .as("found beside the plan, no warning").noneMatch(n -> n.startsWith("WARNING"));
  }

  @Test
  void shouldWarnOfAGroovyScriptThatDoesNotCompileWithTheCompilersMessage() {
    for (boolean strict : new boolean[] {false, true}) {
      assertThat(load("field-30-script-does-not-compile", strict).notes())
          .as("strict=%s: a warning, the plan still runs", strict)
          .filteredOn(n -> n.startsWith(ImportedPlan.WARNING))
          .singleElement().asString().contains("script 'status is 200' (Groovy) does not "
              + "compile").contains("Unexpected input").contains("line 3")
          .contains("JMeter runs the plan");
    }
  }

  @Test
  void shouldWarnOfABeanShellScriptThatDoesNotCompile(@TempDir Path dir) throws IOException {
    Path copy = dir.resolve("broken-beanshell.jmx");
    Files.writeString(copy, Files.readString(DIR.resolve("field-25-package-import.jmx"))
        .replace("vars.put(\"token\", ", "vars.put(\"token\",, "));
    assertThat(JmxPlans.load(copy, settings(false), PROFILE).notes())
        .filteredOn(n -> n.startsWith(ImportedPlan.WARNING)).singleElement().asString()
        .contains("script 'make token' (BeanShell) does not compile").contains("line 2");
  }

  @Test
  void shouldWarnOfAScriptImportMissingAndRefuseItWhenStrict(@TempDir Path dir)
      throws IOException {
    Path copy = dir.resolve("missing-import.jmx");
    Files.writeString(copy, Files.readString(DIR.resolve("field-25-package-import.jmx"))
        .replace("import java.io;", "import dev.fieldteam.Missing;"));
    assertThat(JmxPlans.load(copy, settings(false), PROFILE).notes())
        .anyMatch(n -> n.startsWith(ImportedPlan.WARNING) && n.contains("'make token'")
            && n.contains("dev.fieldteam.Missing") && n.contains("fails each time it runs"));
    assertThatThrownBy(() -> JmxPlans.load(copy, settings(true), PROFILE))
        .hasMessageContaining("dev.fieldteam.Missing").hasMessageContaining("perf.jmx.strict");
  }

  @Test
  void shouldWarnThatAPluginFunctionIsSentLiterallyWithPluginsOffAsJmeterRunsThePlan() {
    ImportedPlan imported = load("field-07-plugin-function", false);
    assertThat(imported.notes()).as("JMeter without the plugin runs the plan: one warning")
        .filteredOn(n -> n.startsWith(ImportedPlan.WARNING) && n.contains("__env"))
        .singleElement().asString().contains("element 'GET home'").contains("${__env(...)}")
        .contains("kg.apc:jmeter-plugins-functions").contains("literally")
        .contains("-Dperf.jmx.plugins=auto");
    assertThatThrownBy(() -> load("field-07-plugin-function", true)).as("strict refuses it")
        .isInstanceOf(JmxException.class).hasMessageContaining("${__env(...)}")
        .hasMessageContaining("perf.jmx.strict=true");
  }

  @Test
  void shouldRefuseAPluginElementClassWithPluginsOffAsJmeterDoes(@TempDir Path dir)
      throws IOException {
    Path copy = dir.resolve("plugin-controller.jmx");
    Files.writeString(copy, Files.readString(DIR.resolve("field-07-plugin-function.jmx"))
        .replace("${__env(webapp,,127.0.0.1)}", "127.0.0.1")
        .replace("<hashTree>\n<HTTPSamplerProxy", "<hashTree>\n"
            + "<kg.apc.jmeter.control.ParameterizedController guiclass=\"kg.apc.jmeter.control."
            + "ParameterizedControllerGui\" testclass=\"kg.apc.jmeter.control."
            + "ParameterizedController\" testname=\"Per user\"/>\n<hashTree/>\n"
            + "<HTTPSamplerProxy"));

    assertThatThrownBy(() -> JmxPlans.load(copy, settings(false), PROFILE))
        .as("a plugin's element JMeter cannot read: refused, as JMeter refuses the plan")
        .isInstanceOf(JmxException.class).hasMessageContaining("'Per user'")
        .hasMessageContaining("kg.apc.jmeter.control.ParameterizedController")
        .hasMessageContaining("kg.apc:jmeter-plugins-prmctl");
  }

  private static ImportedPlan load(String name, boolean strict) {
    return JmxPlans.load(DIR.resolve(name + ".jmx"), settings(strict), PROFILE);
  }

  private static JmxSettings settings(boolean strict) {
    return new JmxSettings(List.of(), JmxLoad.PLAN, Map.of("field.host",
        "127.0.0.1", "field.port", "1"), Set.of(), Optional.empty(), 1.0, Optional.empty(),
        Optional.empty(), List.of()).withSemantics(strict, JmxPlugins.OFF);
  }
}
