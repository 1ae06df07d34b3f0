package dev.perfsuite.jmx;

import dev.perfsuite.engines.JmeterExpressions;
import java.util.LinkedHashMap;
import java.util.Map;

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
    return JmeterExpressions.evaluate(text, variables);
  }
}
