package dev.perfsuite.results;

import dev.perfsuite.config.Secrets;
import java.util.List;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * The plan variables declared secret ({@code perf.secrets.variables}), whose run-time values are
 * masked in every output from the sample that extracted them on.
 *
 * <p>Each sample registers the values its thread holds again, which keeps a value in use among
 * those {@link Secrets#registerExtracted} keeps.
 */
record ExtractedSecrets(List<String> names) {
  static final ExtractedSecrets NONE = new ExtractedSecrets(List.of());

  ExtractedSecrets {
    names = List.copyOf(names);
  }

  /**
   * Registers each named variable's current value for masking. Called on the sampling thread,
   * before the sample's JTL row and failure trail are written (post-processors run first).
   */
  void register(JMeterVariables variables) {
    if (variables == null) {
      return;
    }
    for (String name : names) {
      Secrets.registerExtracted(variables.get(name));
    }
  }
}
