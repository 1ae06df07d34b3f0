package dev.perfsuite.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/** One figure of a table cell over its runs: median and min-max. */
record Cell(List<Double> values) {

  /** The figure {@code key} of every run that has it (failed runs have none). */
  static Cell of(List<Map<String, String>> results, String key) {
    return new Cell(results.stream().map(r -> r.get(key)).filter(Objects::nonNull)
        .map(Double::parseDouble).toList());
  }

  double median() {
    return ListenerOverheadBench.median(values);
  }

  boolean isEmpty() {
    return values.isEmpty();
  }

  /** {@code median [min-max]}, or a dash when no run had the figure. */
  String format(String number) {
    if (values.isEmpty()) {
      return "—";
    }
    double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    return String.format(Locale.ROOT, number + " [" + number + "-" + number + "]", median(),
        min, max);
  }

  String formatMedian(String number) {
    return values.isEmpty() ? "—" : String.format(Locale.ROOT, number, median());
  }
}
