package dev.perfsuite.jmx;

import java.util.Map;
import java.util.TreeMap;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.apache.jmeter.util.JMeterUtils;

/**
 * Puts the plan's {@code perf.jmx.props.*} values into JMeter's properties when the test starts.
 * That happens on whichever engine runs it: JSR223 and BeanShell scripts read them with
 * {@code props.get("name")}, {@code ${__property(name)}} too, as after JMeter's {@code -J} or
 * {@code -q}.
 *
 * <p>Public with a no-argument constructor because JMeter clones test elements reflectively.
 */
public final class ScriptProperties extends AbstractTestElement implements TestStateListener {
  private static final long serialVersionUID = 1L;
  private static final String PREFIX = "perf.prop.";

  /** An element carrying {@code values}, named for the report. */
  static ScriptProperties of(Map<String, String> values) {
    ScriptProperties element = new ScriptProperties();
    element.setName("perf.jmx.props for scripts (props.get)");
    element.setProperty(TestElement.TEST_CLASS, ScriptProperties.class.getName());
    element.setProperty(TestElement.GUI_CLASS, "org.apache.jmeter.config.gui.ArgumentsPanel");
    new TreeMap<>(values).forEach((k, v) -> element.setProperty(PREFIX + k, v));
    return element;
  }

  /** The values this element sets, by property name. */
  Map<String, String> values() {
    Map<String, String> values = new TreeMap<>();
    PropertyIterator it = propertyIterator();
    while (it.hasNext()) {
      JMeterProperty property = it.next();
      if (property.getName().startsWith(PREFIX)) {
        values.put(property.getName().substring(PREFIX.length()), property.getStringValue());
      }
    }
    return values;
  }

  @Override
  public void testStarted() {
    values().forEach(JMeterUtils::setProperty);
  }

  @Override
  public void testStarted(String host) {
    testStarted();
  }

  @Override
  public void testEnded() {
  }

  @Override
  public void testEnded(String host) {
  }
}
