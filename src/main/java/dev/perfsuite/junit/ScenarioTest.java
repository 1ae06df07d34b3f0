package dev.perfsuite.junit;

import java.util.Locale;

/**
 * The scenario test running now, as its report labels name it.
 *
 * @param system epic: Sunbird, MOSIP, WSO2, or the package for anything else
 * @param journey feature: the test class without its {@code IT}, in words
 */
record ScenarioTest(String system, String journey) {

  /** Labels derived from the test class: its package names the system, its name the journey. */
  static ScenarioTest of(Class<?> testClass) {
    String name = testClass.getName().toLowerCase(Locale.ROOT);
    String system = name.contains(".sunbird.") ? "Sunbird"
        : name.contains(".mosip.") ? "MOSIP"
        : name.contains(".wso2.") ? "WSO2"
        : testClass.getPackageName().replaceFirst("^dev\\.perfsuite\\.", "");
    String simple = testClass.getSimpleName().replaceFirst("IT$", "");
    String journey = simple.replaceAll("(?<=[a-z0-9])(?=[A-Z])", " ");
    return new ScenarioTest(system, journey);
  }
}
