package dev.perfsuite.plugins;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The one table of JMeter plugins the suite knows ({@code plugins.properties} beside this class).
 * It says which Maven artifact provides a plugin's element class or {@code ${__name()}} function,
 * for the fetch of {@code perf.jmx.plugins=auto} and for the fix of a plan refused without it.
 *
 * <p>A class matches its longest listed prefix; a function its name, in any case (JMeter's
 * function names are case-sensitive, but a plan's misspelt case deserves the same hint).
 */
public final class PluginArtifacts {
  private static final String CLASS = "class.";
  private static final String FUNCTION = "function.";
  private static final Map<String, Artifact> TABLE = read();

  private PluginArtifacts() {
  }

  /**
   * A row of the table.
   *
   * @param coordinates {@code groupId:artifactId}, e.g. {@code kg.apc:jmeter-plugins-functions}
   * @param version the version the suite fetches; empty for a row named in fixes only
   * @param what what the plugin is, e.g. {@code Custom Functions}
   */
  public record Artifact(String coordinates, Optional<String> version, String what) {

    /** {@code groupId:artifactId:version}, what Maven fetches; only for a fetchable row. */
    public String fetched() {
      return coordinates + ":" + version.orElseThrow(() -> new IllegalStateException(
          coordinates + " is named in fixes only; the suite does not fetch it"));
    }

    /** {@code kg.apc:jmeter-plugins-casutg:2.10 (Custom Thread Groups)}, as a fix names it. */
    @Override
    public String toString() {
      return coordinates + version.map(v -> ":" + v).orElse("")
          + (what.isEmpty() ? "" : " (" + what + ")");
    }
  }

  /** The artifact whose listed prefix of {@code className} is longest, if any. */
  public static Optional<Artifact> forClass(String className) {
    return TABLE.entrySet().stream()
        .filter(e -> e.getKey().startsWith(CLASS)
            && className.startsWith(e.getKey().substring(CLASS.length())))
        .max(Comparator.comparingInt(e -> e.getKey().length())).map(Map.Entry::getValue);
  }

  /** The artifact listing {@code function} (e.g. {@code __env}), compared in any case. */
  public static Optional<Artifact> forFunction(String function) {
    return TABLE.entrySet().stream()
        .filter(e -> e.getKey().startsWith(FUNCTION)
            && e.getKey().substring(FUNCTION.length()).equalsIgnoreCase(function))
        .findFirst().map(Map.Entry::getValue);
  }

  /** The fix sentence for an element class that is not on the class path. */
  public static String fixForClass(String className) {
    return forClass(className).map(a -> "add the plugin " + a + " as a test dependency in "
        + "pom.xml (built for JMeter 5.6.x), or remove the element from the plan"
        + (a.version().isPresent() ? " (-Dperf.jmx.plugins=auto fetches it)." : "."))
        .orElse("add the JMeter plugin jar that provides " + className + " as a test "
            + "dependency in pom.xml (built for JMeter 5.6.x), or remove the element from the "
            + "plan.");
  }

  private static Map<String, Artifact> read() {
    Properties properties = new Properties();
    try (InputStream in = PluginArtifacts.class.getResourceAsStream("plugins.properties")) {
      if (in == null) {
        throw new IllegalStateException("the suite's plugins.properties is missing beside "
            + PluginArtifacts.class.getName());
      }
      properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new IllegalStateException("the suite's plugins.properties cannot be read", e);
    }
    Map<String, Artifact> table = new TreeMap<>();
    properties.forEach((k, v) -> table.put(k.toString(), artifact(k.toString(),
        v.toString().trim())));
    return table;
  }

  /** Parses {@code group:artifact:version (what)}; {@code -} as the version: fixes only. */
  static Artifact artifact(String key, String value) {
    int open = value.indexOf(" (");
    String what = open < 0 ? "" : value.substring(open + 2, value.length() - 1);
    String[] gav = (open < 0 ? value : value.substring(0, open)).split(":");
    if (gav.length != 3 || (open >= 0 && !value.endsWith(")"))) {
      throw new IllegalStateException("plugins.properties: " + key + "=" + value + " is not "
          + "groupId:artifactId:version (what)");
    }
    return new Artifact(gav[0] + ":" + gav[1], gav[2].equals("-") ? Optional.empty()
        : Optional.of(gav[2]), what);
  }
}
