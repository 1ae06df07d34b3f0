package dev.perfsuite.jmx;

import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.ErrorClassifier;
import dev.perfsuite.results.JtlRows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The first failed sample among a transaction's children, read from the run's JTL (which keeps
 * each child's row): what a failed transaction's verdict names.
 *
 * @param label the child's label
 * @param code its response code ({@code Non HTTP response code: ...} when nothing was answered)
 * @param message its response message
 * @param assertion the failure message of its assertions, empty when none failed
 * @param cause why it failed, read from code, message and assertion as the recorder reads them
 */
record FailingChild(String label, String code, String message, String assertion,
    ErrorCause cause) {

  /**
   * The first failed child of each transaction of {@code children} (transaction label to the
   * labels inside it) in {@code jtl}; transactions without one are left out. Reads the JTL once,
   * stopping when every transaction has its child.
   */
  static Map<String, FailingChild> firstOf(Path jtl, Map<String, Set<String>> children) {
    Map<String, FailingChild> found = new LinkedHashMap<>();
    if (children.isEmpty() || !Files.isRegularFile(jtl)) {
      return found;
    }
    try (JtlRows rows = JtlRows.open(jtl)) {
      rows.require("label", "success");
      for (JtlRows.Row row = rows.next(); row != null && found.size() < children.size();
          row = rows.next()) {
        if (!row.complete() || !"false".equals(row.get("success")) || row.transaction()) {
          continue;
        }
        String label = row.get("label");
        for (Map.Entry<String, Set<String>> transaction : children.entrySet()) {
          if (!found.containsKey(transaction.getKey()) && transaction.getValue().contains(label)) {
            found.put(transaction.getKey(), of(row));
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      // The verdict stands without the child: the JTL is a help to it, not its source.
      return found;
    }
    return found;
  }

  private static FailingChild of(JtlRows.Row row) {
    String code = row.get("responseCode", "");
    String message = row.get("responseMessage", "");
    String assertion = row.get("failureMessage", "");
    return new FailingChild(row.get("label"), code, message, assertion,
        ErrorClassifier.classify(code, message, !assertion.isBlank()));
  }

  /** "its first failing child 'POST pay': 200 OK, assertion ... (cause assertion; ...)". */
  String describe() {
    String cause = cause().name().toLowerCase(Locale.ROOT);
    return "first failing child '" + label + "': " + (code + " " + message).trim()
        + (assertion.isBlank() ? "" : ", assertion: " + assertion) + " (cause "
        + cause.replace('_', ' ') + "; failures/" + cause + ".txt keeps the first such "
        + "failure whole)";
  }
}
