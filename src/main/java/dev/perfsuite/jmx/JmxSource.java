package dev.perfsuite.jmx;

import dev.perfsuite.diagnostics.Causes;
import dev.perfsuite.engines.JmeterHome;
import dev.perfsuite.plugins.PluginArtifacts;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import org.apache.jmeter.save.SaveService;
import org.apache.jorphan.collections.HashTree;
import org.xml.sax.Attributes;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Reads a JMX file into JMeter's tree after the checks that must fail before load. The checks are
 * well-formed XML (naming the line), every element class on the class path (naming the element, its
 * class and the plugin to add) and a value for every {@code ${__P(name)}} without a default.
 */
final class JmxSource {
  /** {@code ${__P(name)}} or {@code ${__P(name,default)}}; nested functions are left to JMeter. */
  private static final Pattern PROPERTY = Pattern.compile(
      "\\$\\{__P\\(\\s*([^,()}]+?)\\s*(?:,([^()}]*))?\\)}");

  /**
   * The same call as jmeter-java-dsl's saveAsJmx writes it inside a {@code __groovy} expression
   * (thread-group durations): {@code #{__P(name\,default)}}.
   */
  private static final Pattern ESCAPED_PROPERTY = Pattern.compile(
      "#\\{__P\\(\\s*([^,()}\\\\]+?)\\s*(?:\\\\,([^()}]*))?\\)}");

  private JmxSource() {
  }

  /**
   * The plan's tree with {@code ${__P()}} replaced by {@code properties}.
   *
   * @param substitute false keeps {@code ${__P()}} calls (the converter writes them into Java)
   */
  static HashTree load(Path file, Map<String, String> properties, boolean substitute) {
    List<String> notes = new ArrayList<>();
    return load(file, properties, substitute, notes, JmeterLeniency.of(file.toString(), false,
        notes));
  }

  /**
   * As {@link #load(Path, Map, boolean)}, also noting unset properties. It adds to {@code notes}
   * one line per property left unset that only disabled elements read, and to {@code leniency} each
   * unset property enabled elements read: JMeter gives {@code ${__P(name)}} "1", so it stays for
   * JMeter to fill.
   */
  static HashTree load(Path file, Map<String, String> properties, boolean substitute,
      List<String> notes, JmeterLeniency leniency) {
    String text = read(file);
    environment();
    checkElements(file, text);
    Set<String> missing = new LinkedHashSet<>();
    String resolved = substitute ? substitute(text, properties, missing) : text;
    HashTree tree = loadTree(file, resolved);
    if (!missing.isEmpty()) {
      Set<String> used = EnabledText.of(tree).usingAny(missing.stream()
          .map(n -> "__P(" + n).toList());
      List<String> needed = missing.stream().filter(n -> used.contains("__P(" + n)).toList();
      if (!needed.isEmpty() && leniency.strict()) {
        throw missingProperties(file, needed);
      }
      needed.forEach(n -> leniency.accept("property " + n + " is unset and ${__P(" + n + ")} "
          + "has no default: JMeter gives \"1\"", "-Dperf.jmx.props." + n + "=... or a "
          + "default: ${__P(" + n + ",value)}"));
      missing.stream().filter(n -> !needed.contains(n)).forEach(n -> notes.add("property "
          + n + " is unset and has no default: only disabled elements read it, so it is left "
          + "as JMeter leaves it (${__P(" + n + ")} gives \"1\"); set -Dperf.jmx.props." + n
          + "=... if an element needs it"));
    }
    return tree;
  }

  private static HashTree loadTree(Path file, String resolved) {
    Path copy = null;
    try {
      // JMeter 5.6 loads trees from files only; the copy carries the substituted values.
      copy = Files.createTempFile("perf-jmx-", ".jmx");
      Files.writeString(copy, resolved, StandardCharsets.UTF_8);
      HashTree tree = SaveService.loadTree(copy.toFile());
      if (tree == null) {
        throw new JmxException(file + " is not a JMeter test plan (no <jmeterTestPlan> root)");
      }
      return tree;
    } catch (IOException | RuntimeException e) {
      if (e instanceof JmxException) {
        throw (JmxException) e;
      }
      throw new JmxException(file + " could not be loaded by JMeter: " + rootMessage(e)
          + ". Fix: open and save it in JMeter 5.6.3 to see the element at fault.", e);
    } finally {
      if (copy != null) {
        copy.toFile().delete();
      }
    }
  }

  /**
   * JMeter's properties and save service, initialised as the DSL does; never beside another
   * run's start in this JVM ({@link JmeterHome}).
   */
  static void environment() {
    try {
      JmeterHome.prepare();
    } catch (IOException e) {
      throw new IllegalStateException("cannot set up JMeter's environment: " + e, e);
    }
  }

  private static String read(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new JmxException("JMX file " + file.toAbsolutePath() + " does not exist. Fix: give "
          + "perf.jmx a path relative to the project directory, or a file name under "
          + "src/test/resources/jmx.");
    }
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new JmxException("cannot read JMX file " + file + ": " + e, e);
    }
  }

  /** Parses the XML once, before JMeter's loader, for line numbers and class names. */
  private static void checkElements(Path file, String text) {
    List<String> unknown = new ArrayList<>();
    try {
      SAXParserFactory factory = SAXParserFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      factory.newSAXParser().parse(new ByteArrayInputStream(text.getBytes(
          StandardCharsets.UTF_8)), new DefaultHandler() {
            private Locator locator;

            @Override
            public void setDocumentLocator(Locator locator) {
              this.locator = locator;
            }

            @Override
            public void startElement(String uri, String local, String qname, Attributes atts) {
              String testClass = atts.getValue("testclass");
              if (testClass == null) {
                return;
              }
              String className = SaveService.aliasToClass(testClass);
              if (!loadable(className)) {
                unknown.add(String.format("line %d: element '%s' <%s> has class %s, which is not "
                        + "on the class path. Fix: %s", locator.getLineNumber(),
                    atts.getValue("testname"), qname, className,
                    PluginArtifacts.fixForClass(className)));
              }
            }
          });
    } catch (SAXParseException e) {
      throw new JmxException(String.format("%s is not well-formed XML at line %d, column %d: %s",
          file, e.getLineNumber(), e.getColumnNumber(), e.getMessage()), e);
    } catch (SAXException | IOException | ParserConfigurationException e) {
      throw new JmxException(file + " cannot be parsed: " + e, e);
    }
    if (!unknown.isEmpty()) {
      throw new JmxException(file + " uses elements this suite cannot load:\n  "
          + String.join("\n  ", unknown));
    }
  }

  private static boolean loadable(String className) {
    try {
      // The context loader holds the plugins fetched for the plan (perf.jmx.plugins).
      ClassLoader context = Thread.currentThread().getContextClassLoader();
      Class.forName(className, false, context != null ? context
          : JmxSource.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /**
   * Replaces {@code ${__P()}} calls; a property without value or default is left as written and
   * added to {@code missing}.
   */
  static String substitute(String text, Map<String, String> properties, Set<String> missing) {
    String resolved = substitute(PROPERTY, text, properties, missing);
    return substitute(ESCAPED_PROPERTY, resolved, properties, missing);
  }

  private static String substitute(Pattern pattern, String text, Map<String, String> properties,
      Set<String> missing) {
    Matcher m = pattern.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String name = m.group(1);
      // A default is XML text of the file already; a configured value is escaped for it.
      String value = properties.containsKey(name) ? xml(properties.get(name)) : m.group(2);
      if (value == null) {
        missing.add(name);
        value = m.group();
      }
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static JmxException missingProperties(Path file, List<String> missing) {
    StringBuilder fix = new StringBuilder();
    missing.forEach(n -> fix.append(" -Dperf.jmx.props.").append(n).append("=..."));
    return new JmxException(file + " reads JMeter properties without a default: "
        + String.join(", ", missing) + " (JMeter would use \"1\" for each, silently). Fix:"
        + fix + " (or put them in a file of perf.jmx.props-file), or unset perf.jmx.strict to "
        + "run with JMeter's \"1\".");
  }

  private static String xml(String value) {
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  private static String rootMessage(Throwable e) {
    Throwable root = Causes.root(e);
    return root.getClass().getSimpleName() + ": " + root.getMessage();
  }
}
