package dev.perfsuite.junit;

import java.util.Optional;

/**
 * The scenario test running now, as its report labels name it.
 *
 * @param system epic: the {@link PerfSystem} of the class or of its package (or a parent
 *     package), else the package segment after {@code scenarios.}, else the package
 * @param journey feature: the test class without its {@code IT}, in words
 */
record ScenarioTest(String system, String journey) {
  private static final String SCENARIOS = ".scenarios.";

  /** Labels derived from the test class: its package names the system, its name the journey. */
  static ScenarioTest of(Class<?> testClass) {
    String system = declared(testClass).orElseGet(() -> fromPackage(testClass.getPackageName()));
    String simple = testClass.getSimpleName().replaceFirst("IT$", "");
    String journey = simple.replaceAll("(?<=[a-z0-9])(?=[A-Z])", " ");
    return new ScenarioTest(system, journey);
  }

  private static Optional<String> declared(Class<?> testClass) {
    PerfSystem onClass = testClass.getAnnotation(PerfSystem.class);
    if (onClass != null) {
      return Optional.of(onClass.value());
    }
    // Package annotations live on package-info; a parent package may have no class loaded yet.
    for (String pkg = testClass.getPackageName(); !pkg.isEmpty();
        pkg = pkg.contains(".") ? pkg.substring(0, pkg.lastIndexOf('.')) : "") {
      try {
        Class<?> info = Class.forName(pkg + ".package-info", false, testClass.getClassLoader());
        PerfSystem onPackage = info.getAnnotation(PerfSystem.class);
        if (onPackage != null) {
          return Optional.of(onPackage.value());
        }
      } catch (ClassNotFoundException e) {
        // No package-info here: try the parent.
      }
    }
    return Optional.empty();
  }

  private static String fromPackage(String name) {
    int at = name.indexOf(SCENARIOS);
    if (at >= 0) {
      return name.substring(at + SCENARIOS.length()).split("\\.")[0];
    }
    return name.replaceFirst("^dev\\.perfsuite\\.", "");
  }
}
