package dev.perfsuite.results;

import org.apache.jmeter.samplers.SampleEvent;

/**
 * Reads a sample's intended start from the sample variable the open model's schedule sets.
 *
 * <p>The variable's name is {@value #VARIABLE}; the schedule adds it to JMeter's
 * {@code sample_variables}, so it is in the event wherever the event is read, on the engine or,
 * sent over RMI, on the controller.
 */
final class IntendedStart {
  /** Same name as {@code profiles.ArrivalTimer.VARIABLE} (IntendedStartTest keeps them equal). */
  static final String VARIABLE = "perf_intended_start";

  private IntendedStart() {
  }

  /** The index of the variable among this JVM's sample variables, -1 when not carried. */
  static int variableIndex() {
    for (int i = 0; i < SampleEvent.getVarCount(); i++) {
      if (VARIABLE.equals(SampleEvent.getVarName(i))) {
        return i;
      }
    }
    return -1;
  }

  /** The intended start of {@code event}'s sample, epoch ms, or -1 when it has none. */
  static long of(SampleEvent event, int index) {
    int i = index >= 0 ? index : variableIndex();
    if (i < 0 || i >= event.getVarCount()) {
      return -1;
    }
    String value;
    try {
      value = event.getVarValue(i);
    } catch (RuntimeException e) {
      return -1;
    }
    if (value == null || value.isEmpty()) {
      return -1;
    }
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
