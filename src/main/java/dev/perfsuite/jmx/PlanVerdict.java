package dev.perfsuite.jmx;

import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.apache.jmeter.control.TransactionController;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jorphan.collections.HashTree;

/**
 * The default verdict of a JMX without an SLA file, read through the plan's structure as a JMeter
 * user reads a run: each transaction counts once (its children are inside it), samplers outside
 * transactions count one by one, labels are those the run actually sampled, and a transaction
 * that failed every time fails the plan.
 *
 * @param errorPercent the overall error % (transactions and samplers outside them) must stay
 *     below this ({@code perf.jmx.sla.errors})
 * @param transactions labels of the plan's Transaction Controllers
 * @param children labels of the samplers and transactions inside a transaction, not counted
 *     again
 */
record PlanVerdict(double errorPercent, Set<String> transactions, Set<String> children) {

  PlanVerdict {
    transactions = Set.copyOf(transactions);
    children = Set.copyOf(children);
  }

  /** The structure of {@code planTree} (disabled elements already removed). */
  static PlanVerdict of(double errorPercent, HashTree planTree) {
    Set<String> transactions = new LinkedHashSet<>();
    Set<String> children = new LinkedHashSet<>();
    walk(planTree, false, transactions, children);
    return new PlanVerdict(errorPercent, transactions, children);
  }

  private static void walk(HashTree tree, boolean inside, Set<String> transactions,
      Set<String> children) {
    for (Object key : tree.list()) {
      if (!(key instanceof TestElement element) || !element.isEnabled()) {
        continue;
      }
      boolean transaction = element instanceof TransactionController;
      if (inside && (transaction || element instanceof Sampler)) {
        children.add(element.getName());
      }
      if (transaction) {
        transactions.add(element.getName());
      }
      walk(tree.getTree(key), inside || transaction, transactions, children);
    }
  }

  /** What a reader of the report sees as the SLA's source. */
  String describe() {
    return String.format(Locale.ROOT, "default: overall errors below %s %% counting each "
        + "transaction once and samplers outside transactions, no transaction failing every "
        + "time, at least one sample (labels as sampled; no SLA file)", trim(errorPercent));
  }

  /** One line per breach in the measurement phase; empty when the run passed. */
  List<String> failures(RunResult result) {
    List<String> failures = new ArrayList<>();
    long samples = 0;
    long errors = 0;
    for (String label : result.labels()) {
      if (children.contains(label)) {
        continue;
      }
      Optional<LabelSummary> summary = result.summary(label, Phase.MEASUREMENT);
      if (summary.isEmpty()) {
        continue;
      }
      samples += summary.get().samples();
      errors += summary.get().errors();
      if (transactions.contains(label) && summary.get().samples() > 0
          && summary.get().errors() == summary.get().samples()) {
        failures.add(String.format(Locale.ROOT, "transaction '%s' failed every time (%d of %d)",
            label, summary.get().errors(), summary.get().samples()));
      }
    }
    if (samples == 0) {
      failures.add(0, "no sample was measured");
      return failures;
    }
    double percent = 100.0 * errors / samples;
    if (!(percent < errorPercent)) {
      failures.add(0, String.format(Locale.ROOT, "overall errors %.2f %% (%d of %d "
              + "transactions and samplers outside transactions) not below %s %%", percent,
          errors, samples, trim(errorPercent)));
    }
    return failures;
  }

  private static String trim(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }
}
