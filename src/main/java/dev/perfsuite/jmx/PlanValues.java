package dev.perfsuite.jmx;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * Evaluates a plan's field as JMeter does when a thread group starts. Test Plan and plan-level User
 * Defined Variables come first (in their order, each seeing the ones before), then JMeter's
 * functions ({@code ${__P()}}, {@code ${__property()}}, {@code ${__groovy()}}, ...).
 *
 * <p>Pre-load checks read thread counts, loops and durations through it, so that
 * {@code ${ctrlLoops}} is 5 and not 0.
 */
final class PlanValues {
  private final Map<String, String> variables = new LinkedHashMap<>();

  private PlanValues() {
  }

  /** Values of {@code definitions} evaluated in order; a later name overrides an earlier one. */
  static PlanValues of(Map<String, String> definitions) {
    PlanValues values = new PlanValues();
    definitions.forEach((name, raw) -> values.variables.put(name, values.evaluate(raw)));
    return values;
  }

  /** No variables: functions only. */
  static PlanValues none() {
    return new PlanValues();
  }

  /** The variables as evaluated. */
  Map<String, String> variables() {
    return Map.copyOf(variables);
  }

  /**
   * {@code text} with its variables and functions replaced; an unknown variable stays as
   * written, as in JMeter.
   */
  String evaluate(String text) {
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
