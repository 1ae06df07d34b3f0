package dev.perfsuite.jmx;

import dev.perfsuite.config.NearMiss;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What JMeter does silently with a plan it runs anyway, said once before load. Examples are
 * unresolved text read as 0, an unset property as "1", a path found elsewhere; each is a warning,
 * or refused under {@code perf.jmx.strict=true}.
 */
final class JmeterLeniency {
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][\\w.-]*)}");
  /** Edits a typo usually makes (a case slip counts none): rampupTime for rampUpTime. */
  private static final int TYPO_EDITS = 2;

  private final String plan;
  private final boolean strict;
  private final List<String> notes;

  private JmeterLeniency(String plan, boolean strict, List<String> notes) {
    this.plan = plan;
    this.strict = strict;
    this.notes = notes;
  }

  /**
   * Leniency for {@code plan} whose warnings go to {@code notes} (run warnings, prefixed
   * {@link ImportedPlan#WARNING}).
   *
   * @param strict true refuses instead of warning ({@code perf.jmx.strict})
   */
  static JmeterLeniency of(String plan, boolean strict, List<String> notes) {
    return new JmeterLeniency(plan, strict, notes);
  }

  /** JMeter's semantics without a record: for the converter, which writes the plan as it is. */
  static JmeterLeniency silent(String plan) {
    return new JmeterLeniency(plan, false, new ArrayList<>());
  }

  /** Whether warnings refuse the plan. */
  boolean strict() {
    return strict;
  }

  /**
   * Warns once that {@code what} happens as in JMeter, or refuses the plan in strict mode.
   *
   * @param what what JMeter does, naming element, field and value
   * @param fix how to write the plan so nothing is guessed
   * @throws JmxException under {@code perf.jmx.strict=true}
   */
  void accept(String what, String fix) {
    if (strict) {
      throw new JmxException(plan + ": " + what + ". Fix: " + fix + " (perf.jmx.strict=true "
          + "refuses what JMeter would run; unset it to run the plan as JMeter does).");
    }
    String note = ImportedPlan.WARNING + what + " (" + fix + ")";
    if (!notes.contains(note)) {
      notes.add(note);
    }
  }

  /**
   * Warns once that {@code what} happens, strict or not. JMeter runs the plan and reports the same
   * failure at run time (a script that does not compile), so refusing would add nothing.
   */
  void warn(String what) {
    String note = ImportedPlan.WARNING + what;
    if (!notes.contains(note)) {
      notes.add(note);
    }
  }

  /**
   * The defined variable a reference in {@code text} probably meant: {@code ${rampupTime}} with
   * {@code rampUpTime} defined gives "rampUpTime is defined"; empty when none is close.
   */
  static Optional<String> nearMiss(String text, Collection<String> defined) {
    if (text == null) {
      return Optional.empty();
    }
    Matcher m = VARIABLE.matcher(text);
    while (m.find()) {
      String used = m.group(1);
      if (defined.contains(used)) {
        continue;
      }
      String best = null;
      int bestEdits = Integer.MAX_VALUE;
      for (String name : defined) {
        int edits = NearMiss.edits(name.toLowerCase(Locale.ROOT), used.toLowerCase(Locale.ROOT));
        if (edits <= TYPO_EDITS && edits < bestEdits) {
          best = name;
          bestEdits = edits;
        }
      }
      if (best != null) {
        return Optional.of("${" + used + "} is not defined; " + best + " is defined");
      }
      return Optional.of("${" + used + "} is not defined");
    }
    return Optional.empty();
  }
}
