package dev.perfsuite.engines;

import dev.perfsuite.config.Versions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.jmeter.util.JMeterUtils;

/**
 * The versions a controller and its remote engines compare before a run.
 *
 * <p>The suite's and JMeter's must match; Java's may differ (a Java 17 controller drives Java 25
 * engines).
 */
public final class EngineVersions {
  /** The suite's version key. */
  public static final String SUITE = "perf-suite";
  /** JMeter's version key. */
  public static final String JMETER = "jmeter";
  /** Java's version key. */
  public static final String JAVA = "java";
  /** What this JVM runs. */
  public static final Map<String, String> OF_THIS_JVM = Map.of(SUITE, Versions.SUITE,
      JMETER, JMeterUtils.getJMeterVersion(), JAVA, System.getProperty("java.version"));

  private EngineVersions() {
  }

  /**
   * Why {@code engine}, reporting {@code theirs}, cannot run this controller's plans, or empty.
   *
   * <p>A plan travels as serialized JMeter and suite objects, so a different suite or JMeter
   * version can misread it or record differently; only Java may differ.
   */
  public static Optional<String> mismatch(String engine, Map<String, String> theirs,
      Map<String, String> ours) {
    List<String> differences = new ArrayList<>();
    for (String key : List.of(SUITE, JMETER)) {
      String them = theirs.getOrDefault(key, "unknown");
      if (!them.equals(ours.get(key))) {
        differences.add(key + " " + them + " (the controller: " + ours.get(key) + ")");
      }
    }
    if (differences.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of("remote engine " + engine + " runs " + String.join(" and ", differences)
        + ". Fix: start the engine from this build's perf-suite-remote-engine.jar, engine "
        + "distribution or image, so that controller and engines share the suite's and JMeter's "
        + "versions (Java may differ)");
  }

  /** "perf-suite V, JMeter V, Java V", for the run's start line. */
  public static String describe(Map<String, String> versions) {
    return "perf-suite " + versions.getOrDefault(SUITE, "unknown") + ", JMeter "
        + versions.getOrDefault(JMETER, "unknown") + ", Java "
        + versions.getOrDefault(JAVA, "unknown");
  }
}
