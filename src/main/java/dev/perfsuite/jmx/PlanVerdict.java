package dev.perfsuite.jmx;

import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.jmeter.control.TransactionController;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jorphan.collections.HashTree;

/**
 * The default verdict of a JMX without an SLA file, read as a JMeter user reads a run. Each
 * transaction counts once (its children are inside it), samplers outside transactions count one by
 * one, labels are those the run actually sampled, and a transaction that failed every time fails
 * the plan.
 *
 * @param errorPercent the overall error % (transactions and samplers outside them) must stay
 *     below this ({@code perf.jmx.sla.errors})
 * @param transactions labels of the plan's Transaction Controllers
 * @param children labels of the samplers and transactions inside a transaction, not counted
 *     again
 * @param members each transaction's label to the labels inside it: a failed transaction's
 *     verdict names its first failing child
 */
record PlanVerdict(double errorPercent, Set<String> transactions, Set<String> children,
    Map<String, Set<String>> members) {

  PlanVerdict {
    transactions = Set.copyOf(transactions);
    children = Set.copyOf(children);
    members = Map.copyOf(members);
  }

  /** A verdict without the members of its transactions: failures name no child. */
  PlanVerdict(double errorPercent, Set<String> transactions, Set<String> children) {
    this(errorPercent, transactions, children, Map.of());
  }

  /** The structure of {@code planTree} (disabled elements already removed). */
  static PlanVerdict of(double errorPercent, HashTree planTree) {
    Set<String> transactions = new LinkedHashSet<>();
    Set<String> children = new LinkedHashSet<>();
    Map<String, Set<String>> members = new LinkedHashMap<>();
    walk(planTree, List.of(), transactions, children, members);
    return new PlanVerdict(errorPercent, transactions, children, members);
  }

  /** {@code enclosing}: the transactions the tree lies in, outermost first. */
  private static void walk(HashTree tree, List<String> enclosing, Set<String> transactions,
      Set<String> children, Map<String, Set<String>> members) {
    for (Object key : tree.list()) {
      if (!(key instanceof TestElement element) || !element.isEnabled()) {
        continue;
      }
      boolean transaction = element instanceof TransactionController;
      if (!enclosing.isEmpty() && (transaction || element instanceof Sampler)) {
        children.add(element.getName());
        enclosing.forEach(t -> members.computeIfAbsent(t, k -> new LinkedHashSet<>())
            .add(element.getName()));
      }
      List<String> inner = enclosing;
      if (transaction) {
        transactions.add(element.getName());
        inner = new ArrayList<>(enclosing);
        inner.add(element.getName());
      }
      walk(tree.getTree(key), inner, transactions, children, members);
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
    Map<ErrorCause, Long> causes = new EnumMap<>(ErrorCause.class);
    Map<String, FailingChild> failing = failingChildren(result);
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
      Optional<FailingChild> child = Optional.ofNullable(failing.get(label));
      if (child.isPresent()) {
        // A transaction fails by its child: the child's cause, not the parent's OTHER.
        causes.merge(child.get().cause(), summary.get().errors(), Long::sum);
      } else {
        summary.get().errorsByCause().forEach((cause, n) -> causes.merge(cause, n, Long::sum));
      }
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
          errors, samples, trim(errorPercent)) + byCause(causes));
    }
    if (!failures.isEmpty()) {
      failing.forEach((transaction, child) -> failures.add("transaction '"
          + transaction + "': " + child.describe()));
    }
    return failures;
  }

  /**
   * For each transaction that failed in the run: its first failing child, read from the JTL
   * (only when a transaction failed).
   */
  private Map<String, FailingChild> failingChildren(RunResult result) {
    Map<String, Set<String>> failed = new LinkedHashMap<>();
    for (String transaction : transactions) {
      if (result.summary(transaction, Phase.MEASUREMENT).map(LabelSummary::errors).orElse(0L) > 0
          && members.containsKey(transaction)) {
        failed.put(transaction, members.get(transaction));
      }
    }
    if (failed.isEmpty() || result.directory() == null) {
      return Map.of();
    }
    return FailingChild.firstOf(result.directory().resolve(ResultDirectory.JTL), failed);
  }

  /**
   * The causes of the failures, most frequent first, and what to do about the first. A plan judged
   * against a stand-in backend fails on its own assertions, which says nothing of the suite.
   */
  private static String byCause(Map<ErrorCause, Long> causes) {
    if (causes.isEmpty()) {
      return "";
    }
    List<Map.Entry<ErrorCause, Long>> sorted = causes.entrySet().stream()
        .sorted(Map.Entry.<ErrorCause, Long>comparingByValue().reversed()).toList();
    StringBuilder text = new StringBuilder("; by cause: ");
    sorted.forEach(e -> text.append(e.getKey().name().toLowerCase(Locale.ROOT).replace('_', ' '))
        .append(' ').append(e.getValue()).append(", "));
    text.setLength(text.length() - 2);
    return text.append(". Fix: ").append(fix(sorted.get(0).getKey())).toString();
  }

  private static String fix(ErrorCause cause) {
    return switch (cause) {
      case ASSERTION -> "the plan's own assertions reject the responses (results.jtl's "
          + "failureMessage names each); against a stand-in backend give them the answers they "
          + "expect, or judge the plan with an SLA file";
      case CONNECT -> "nothing answers where the plan sends requests: check its host and port "
          + "(perf.jmx.props.NAME for ${__P(NAME)})";
      case TIMEOUT -> "responses take longer than perf.response-timeout";
      case HTTP_STATUS -> "the service answers with error statuses (summary.csv lists them)";
      case UNRESOLVED_EXPRESSION -> "define the variable or put the function's plugin on the "
          + "class path";
      case REQUEST_NOT_SENT -> "the client could not build the request (an invalid URL or "
          + "argument, nothing sent): the failing child's message names it";
      case SCRIPT -> "a script fails (jmeter.log names the element); team classes go in "
          + "perf.jmx.classpath";
      case OTHER -> "the failing child and failures/other.txt (kept whole) say what failed";
    };
  }

  private static String trim(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }
}
