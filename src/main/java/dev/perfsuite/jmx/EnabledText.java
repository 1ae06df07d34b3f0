package dev.perfsuite.jmx;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.MultiProperty;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.apache.jorphan.collections.HashTree;

/**
 * The text of every element a run would execute (enabled, under enabled parents): what
 * pre-load checks search for functions, properties and script imports. Disabled elements are
 * left out, as JMeter removes them before the run.
 */
final class EnabledText {
  /** One enabled element and the string values of all its properties, nested ones included. */
  record Element(TestElement element, List<String> texts) {
  }

  private final List<Element> elements;

  private EnabledText(List<Element> elements) {
    this.elements = List.copyOf(elements);
  }

  static EnabledText of(HashTree tree) {
    List<Element> elements = new ArrayList<>();
    collect(tree, elements);
    return new EnabledText(elements);
  }

  List<Element> elements() {
    return elements;
  }

  /** Which of {@code needles} some enabled element's text contains. */
  Set<String> usingAny(Collection<String> needles) {
    Set<String> found = new LinkedHashSet<>();
    for (Element e : elements) {
      for (String text : e.texts()) {
        needles.stream().filter(text::contains).forEach(found::add);
      }
    }
    return found;
  }

  private static void collect(HashTree tree, List<Element> elements) {
    for (Object key : tree.list()) {
      if (key instanceof TestElement element && element.isEnabled()) {
        List<String> texts = new ArrayList<>();
        texts(element.propertyIterator(), texts);
        elements.add(new Element(element, texts));
        collect(tree.getTree(key), elements);
      }
    }
  }

  private static void texts(PropertyIterator properties, List<String> texts) {
    while (properties.hasNext()) {
      JMeterProperty property = properties.next();
      if (property instanceof MultiProperty nested) {
        texts(nested.iterator(), texts);
      } else {
        String value = property.getStringValue();
        if (value != null && !value.isEmpty()) {
          texts.add(value);
        }
      }
    }
  }
}
