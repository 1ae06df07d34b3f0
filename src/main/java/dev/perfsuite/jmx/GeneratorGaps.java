package dev.perfsuite.jmx;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.jmeter.extractor.JSR223PostProcessor;
import org.apache.jmeter.extractor.XPath2Extractor;
import org.apache.jmeter.extractor.XPathExtractor;
import org.apache.jmeter.protocol.http.control.Header;
import org.apache.jmeter.protocol.http.control.HeaderManager;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.apache.jorphan.collections.HashTree;

/**
 * Rewrites the elements jmeter-java-dsl 2.2's code generator would write wrongly or not at all,
 * so the converted class sends what the JMX sends. Applied only to the copy the generator reads.
 *
 * <ul>
 *   <li>A bare {@code Content-Type} ({@code application/json}) becomes the DSL constant of that
 *   type, which carries a charset ({@code application/json; charset=UTF-8}): the value gets a
 *   parameter the generator drops, so it writes {@code ContentType.create("application/json")}.
 *   <li>XPath and XPath2 Extractors (the DSL has no builder for them) become a JSR223
 *   post-processor that runs JMeter's own extractor with the same properties.
 * </ul>
 */
final class GeneratorGaps {
  /** A parameter the generator drops (it keeps only mime type and charset). */
  private static final String EXACT = "; perf-exact=1";
  private static final Set<String> NOT_COPIED = Set.of(TestElement.NAME, TestElement.GUI_CLASS,
      TestElement.TEST_CLASS, TestElement.ENABLED, TestElement.COMMENTS);

  private GeneratorGaps() {
  }

  /** Rewrites {@code tree} in place; returns one note per rewritten extractor. */
  static List<String> apply(HashTree tree) {
    List<String> notes = new ArrayList<>();
    apply(tree, notes);
    return notes;
  }

  private static void apply(HashTree tree, List<String> notes) {
    for (Object key : new ArrayList<>(tree.list())) {
      HashTree subtree = tree.getTree(key);
      if (key instanceof HeaderManager headers) {
        exactContentType(headers);
      } else if (key instanceof XPath2Extractor || key instanceof XPathExtractor) {
        TestElement extractor = (TestElement) key;
        tree.replaceKey(key, asScript(extractor));
        notes.add(extractor.getClass().getSimpleName() + " '" + extractor.getName()
            + "' runs as a JSR223 post-processor calling JMeter's own extractor (the DSL has no "
            + "builder for it)");
      }
      apply(subtree, notes);
    }
  }

  private static void exactContentType(HeaderManager headers) {
    for (JMeterProperty property : headers.getHeaders()) {
      Header header = (Header) property.getObjectValue();
      String value = header.getValue().trim();
      boolean bare = !value.isEmpty() && !value.contains(";") && !value.contains("${");
      if ("Content-Type".equals(header.getName()) && bare) {
        header.setValue(value + EXACT);
      }
    }
  }

  /** A JSR223 post-processor creating the extractor with {@code extractor}'s properties. */
  private static JSR223PostProcessor asScript(TestElement extractor) {
    String type = extractor.getClass().getName();
    StringBuilder script = new StringBuilder("// ").append(extractor.getClass().getSimpleName())
        .append(" as the JMX defines it: jmeter-java-dsl has no builder for it\n")
        .append("def extractor = new ").append(type).append("()\n");
    PropertyIterator properties = extractor.propertyIterator();
    while (properties.hasNext()) {
      JMeterProperty property = properties.next();
      if (!NOT_COPIED.contains(property.getName())) {
        script.append("extractor.setProperty(").append(groovy(property.getName())).append(", ")
            .append(groovy(property.getStringValue())).append(")\n");
      }
    }
    script.append("extractor.process()\n");
    JSR223PostProcessor processor = new JSR223PostProcessor();
    processor.setName(extractor.getName());
    processor.setEnabled(extractor.isEnabled());
    processor.setProperty(TestElement.TEST_CLASS, JSR223PostProcessor.class.getName());
    processor.setProperty(TestElement.GUI_CLASS, "org.apache.jmeter.testbeans.gui.TestBeanGUI");
    processor.setProperty("scriptLanguage", "groovy");
    processor.setProperty("cacheKey", "true");
    processor.setProperty("parameters", "");
    processor.setProperty("filename", "");
    processor.setProperty("script", script.toString());
    return processor;
  }

  /** A single-quoted Groovy string: no {@code $} interpolation. */
  private static String groovy(String text) {
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n")
        .replace("\r", "\\r") + "'";
  }
}
