package dev.perfsuite.jmx;

import dev.perfsuite.plugins.PluginArtifacts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.protocol.java.sampler.JavaSampler;
import org.apache.jorphan.collections.HashTree;

/**
 * What a plan needs at run time beyond its elements, checked before load. Every
 * {@code ${__name(...)}} function must be known to JMeter (a plugin's named with its artifact), and
 * every class a JSR223 or BeanShell script imports must be on the class path, with the team's jars
 * of {@code perf.jmx.classpath} (JMeter's {@code user.classpath}) added.
 */
final class PlanDependencies {
  private static final Pattern FUNCTION = Pattern.compile("\\$\\{(__\\w+)\\(");
  private static final Pattern IMPORT = Pattern.compile(
      "(?m)^\\s*import\\s+(static\\s+)?([\\w.]+?)(\\.\\*)?(?:\\s+as\\s+\\w+)?\\s*;?\\s*$");

  private PlanDependencies() {
  }

  /**
   * The class loader for the plan's scripts: the suite's plus {@code jars}, or the suite's own when
   * there are none. A directory adds itself and its jars.
   */
  static ClassLoader classLoader(List<Path> jars) {
    return classLoader("perf.jmx.classpath", jars, PlanDependencies.class.getClassLoader());
  }

  /** {@code parent} plus {@code jars} (a directory adds its jars), named {@code name}. */
  static ClassLoader classLoader(String name, List<Path> jars, ClassLoader parent) {
    ClassLoader suite = parent;
    if (jars.isEmpty()) {
      return suite;
    }
    List<URL> urls = new ArrayList<>();
    for (Path path : jars) {
      urls.add(url(path));
      if (Files.isDirectory(path)) {
        try (Stream<Path> files = Files.list(path)) {
          files.filter(f -> f.toString().endsWith(".jar")).sorted().map(PlanDependencies::url)
              .forEach(urls::add);
        } catch (IOException e) {
          throw new UncheckedIOException("cannot list perf.jmx.classpath directory " + path, e);
        }
      }
    }
    return new URLClassLoader(name, urls.toArray(URL[]::new), suite);
  }

  /**
   * Fails naming element, function or class, and the fix, when the plan needs what is not
   * here.
   */
  static void check(Path file, HashTree tree, ClassLoader loader) {
    check(file, tree, loader, Set.of(), JmeterLeniency.silent(file.toString()));
  }

  /**
   * As {@link #check(Path, HashTree, ClassLoader)}, with {@code unavailable} functions JMeter
   * knows but this plan may not use (plugin functions another run of this JVM holds for now).
   * What JMeter runs anyway goes to {@code leniency}, naming the element, the value and what
   * JMeter does: a function it does not know stays literal text (a plugin's not loaded too), a
   * script whose class is missing or that does not compile fails each time it runs, a Java
   * Request whose class is missing fails its samples. A plugin function another run holds is
   * refused: whether it stays literal would depend on when the plan runs.
   */
  static void check(Path file, HashTree tree, ClassLoader loader, Set<String> unavailable,
      JmeterLeniency leniency) {
    EnabledText text = EnabledText.of(tree);
    Set<String> known = new LinkedHashSet<>(Arrays.asList(CompoundVariable.getFunctionNames()));
    known.removeAll(unavailable);
    List<String> problems = new ArrayList<>();
    for (EnabledText.Element element : text.elements()) {
      String name = element.element().getName();
      Set<String> missing = new LinkedHashSet<>();
      for (String value : element.texts()) {
        Matcher m = FUNCTION.matcher(value);
        while (m.find()) {
          if (!known.contains(m.group(1))) {
            missing.add(m.group(1));
          }
        }
      }
      for (String function : missing) {
        Optional<PluginArtifacts.Artifact> plugin = PluginArtifacts.forFunction(function);
        if (plugin.isPresent() && unavailable.contains(function)) {
          // Another run's plugin serves the name for now: the text would be literal or not
          // depending on when this plan runs.
          problems.add("element '" + name + "' calls ${" + function + "(...)}, a function of "
              + plugin.get() + " that another run of this JVM holds for now but this plan does "
              + "not load. Fix: " + functionFix(function));
        } else if (plugin.isPresent()) {
          // JMeter without the plugin runs the plan too: the call is text like any other.
          leniency.accept("element '" + name + "' calls ${" + function + "(...)}, a function "
              + "of " + plugin.get() + ", which perf.jmx.plugins=off does not load: JMeter "
              + "without the plugin sends the text ${" + function + "(...)} literally and runs "
              + "the plan", "-Dperf.jmx.plugins=auto fetches the plugin, or add it as a test "
              + "dependency in pom.xml");
        } else {
          leniency.accept("element '" + name + "' calls ${" + function + "(...)}, a function "
              + "JMeter 5.6.3 does not have: JMeter leaves the text as written and runs the "
              + "plan (a request or condition using it sees the literal text)",
              functionFix(function));
        }
      }
      if (element.element() instanceof JavaSampler java
          && !loadable(java.getClassname(), loader)) {
        leniency.accept("Java Request '" + name + "' runs " + java.getClassname() + ", which "
            + "is not on the class path: JMeter runs the plan and each of its samples fails",
            "-Dperf.jmx.classpath=path/to/the-team.jar, or add the jar as a test dependency in "
            + "pom.xml");
      }
      if (isScript(element.element().getClass().getName())) {
        for (String value : element.texts()) {
          for (String imported : imports(value)) {
            if (!loadable(imported, loader) && !isPackage(imported)) {
              leniency.accept("script '" + name + "' imports " + imported + ", which is not on "
                  + "the class path: JMeter runs the plan and the script fails each time it "
                  + "runs", "-Dperf.jmx.classpath=path/to/the-team.jar (JMeter's "
                  + "user.classpath; comma-separated, a directory adds its jars), or add the "
                  + "jar as a test dependency in pom.xml");
            }
          }
        }
        ScriptCompilation.check(element.element(), loader).ifPresent(leniency::warn);
      }
    }
    if (!problems.isEmpty()) {
      throw new JmxException(file + " needs what this run does not have:\n  "
          + String.join("\n  ", problems));
    }
  }

  private static String functionFix(String function) {
    Optional<PluginArtifacts.Artifact> plugin = PluginArtifacts.forFunction(function);
    if (plugin.isPresent()) {
      return "add the plugin " + plugin.get() + " from jmeter-plugins.org (built for JMeter "
          + "5.6.x) as a test dependency in pom.xml, or replace the call (e.g. "
          + "${__P(name,default)} with -Dperf.jmx.props.name=...), or let "
          + "-Dperf.jmx.plugins=auto fetch it.";
    }
    return "add the jar that provides " + function + " as a test dependency in pom.xml (or to "
        + "perf.jmx.classpath), or correct the name (JMeter's own: "
        + "jmeter.apache.org/usermanual/functions.html).";
  }

  private static boolean isScript(String className) {
    return className.contains("JSR223") || className.contains("BeanShell");
  }

  /** Classes a script imports (wildcard imports are left out: a package cannot be probed). */
  static List<String> imports(String script) {
    List<String> classes = new ArrayList<>();
    Matcher m = IMPORT.matcher(script);
    while (m.find()) {
      if (m.group(3) != null && m.group(1) == null) {
        continue;
      }
      String name = m.group(2);
      if (m.group(1) != null && m.group(3) == null) {
        // import static a.b.C.member: the class is a.b.C.
        name = name.substring(0, Math.max(0, name.lastIndexOf('.')));
      }
      if (!name.isEmpty()) {
        classes.add(name);
      }
    }
    return classes;
  }

  /**
   * Whether {@code name} names a package rather than a class ({@code import java.io;}). Its last
   * part starts lower case, as packages do.
   */
  static boolean isPackage(String name) {
    String last = name.substring(name.lastIndexOf('.') + 1);
    return !last.isEmpty() && Character.isLowerCase(last.charAt(0));
  }

  private static boolean loadable(String name, ClassLoader loader) {
    String candidate = name;
    while (true) {
      try {
        Class.forName(candidate, false, loader);
        return true;
      } catch (ClassNotFoundException | LinkageError e) {
        // a.b.Outer.Inner is a.b.Outer$Inner in the class path.
        int dot = candidate.lastIndexOf('.');
        if (dot < 0 || !Character.isUpperCase(candidate.charAt(
            candidate.lastIndexOf('.', dot - 1) + 1))) {
          return false;
        }
        candidate = candidate.substring(0, dot) + "$" + candidate.substring(dot + 1);
      }
    }
  }

  private static URL url(Path path) {
    try {
      return path.toAbsolutePath().toUri().toURL();
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException("perf.jmx.classpath entry " + path, e);
    }
  }
}
