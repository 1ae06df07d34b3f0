package dev.perfsuite.engines;

import java.util.Map;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * JMeter's variables and functions in a text, resolved before a run as JMeter resolves them at
 * the test's start.
 *
 * <p>An unknown variable stays as written, as in JMeter. The calling thread's JMeter variables
 * are set aside for the call and restored after it.
 */
public final class JmeterExpressions {
  private JmeterExpressions() {
  }

  /** {@code text} with {@code variables} and JMeter's functions replaced; null stays null. */
  public static String evaluate(String text, Map<String, String> variables) {
    if (text == null || !text.contains("${")) {
      return text;
    }
    JMeterContext context = JMeterContextService.getContext();
    JMeterVariables previous = context.getVariables();
    JMeterVariables scratch = new JMeterVariables();
    variables.forEach(scratch::put);
    context.setVariables(scratch);
    try {
      return new CompoundVariable(text).execute();
    } finally {
      context.setVariables(previous);
    }
  }
}
