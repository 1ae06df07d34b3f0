package dev.perfsuite.jmx;

import dev.perfsuite.profiles.Durations;
import dev.perfsuite.sla.Sla;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiFunction;

/**
 * The SLA of a JMX plan, in the terms of the Java {@link Sla} DSL: a properties file of
 * {@code overall.<threshold>} and {@code label.<sampler label>.<threshold>} keys, where the
 * threshold is a fluent method of {@link Sla} and the value its argument.
 *
 * <pre>
 * overall.errorPercentBelow = 1
 * overall.p99Below = 800ms
 * label.GET\ /echo.p95Below = 300ms
 * label.Checkout.throughputAbove = 5
 * </pre>
 *
 * <p>Without a file, the default is {@link PlanVerdict}: overall errors below
 * {@code perf.jmx.sla.errors} percent with each transaction counted once, no transaction failing
 * every time, and at least one measured sample.
 */
final class JmxSla {
  private static final Map<String, BiFunction<Sla, String, Sla>> THRESHOLDS = Map.of(
      "p50Below", (s, v) -> s.p50Below(duration(v)),
      "p90Below", (s, v) -> s.p90Below(duration(v)),
      "p95Below", (s, v) -> s.p95Below(duration(v)),
      "p99Below", (s, v) -> s.p99Below(duration(v)),
      "meanBelow", (s, v) -> s.meanBelow(duration(v)),
      "errorPercentBelow", (s, v) -> s.errorPercentBelow(Double.parseDouble(v)),
      "throughputAbove", (s, v) -> s.throughputAbove(Double.parseDouble(v)),
      "littlesLawGapWithin", (s, v) -> s.littlesLawGapWithin(Double.parseDouble(v)),
      "samplesAtLeast", (s, v) -> s.samplesAtLeast(Long.parseLong(v)));

  private JmxSla() {
  }

  /** The sidecar of {@code jmx}: {@code plan.jmx} has {@code plan.sla.properties}. */
  static Path sidecar(Path jmx) {
    String name = jmx.getFileName().toString().replaceFirst("(?i)\\.jmx$", "");
    return jmx.resolveSibling(name + ".sla.properties");
  }

  /**
   * The SLA half of the default verdict: at least one measured sample; the error % and the
   * transactions are judged through the plan's structure ({@link PlanVerdict}).
   */
  static Sla defaults() {
    return Sla.overall().samplesAtLeast(1);
  }

  /** Reads an SLA file; fails naming the file, the key and the accepted thresholds. */
  static Sla read(Path file) {
    Properties properties = new Properties();
    try (Reader in = Files.newBufferedReader(file)) {
      properties.load(in);
    } catch (IOException e) {
      throw new JmxException("cannot read SLA file " + file + ": " + e, e);
    }
    Map<String, Sla> scopes = new TreeMap<>();
    List<String> errors = new ArrayList<>();
    for (String key : new TreeSet<>(properties.stringPropertyNames())) {
      String value = properties.getProperty(key).trim();
      int dot = key.lastIndexOf('.');
      String threshold = dot < 0 ? key : key.substring(dot + 1);
      String scope = dot < 0 ? "" : key.substring(0, dot);
      BiFunction<Sla, String, Sla> apply = THRESHOLDS.get(threshold);
      if (apply == null || !(scope.equals("overall") || scope.startsWith("label."))) {
        errors.add(key + ": expected overall.<threshold> or label.<label>.<threshold>, with "
            + "<threshold> one of " + new TreeMap<>(THRESHOLDS).keySet());
        continue;
      }
      Sla start = scopes.computeIfAbsent(scope, s -> s.equals("overall") ? Sla.overall()
          : Sla.label(s.substring("label.".length())));
      try {
        scopes.put(scope, apply.apply(start, value));
      } catch (RuntimeException e) {
        errors.add(key + "=" + value + ": " + (e.getMessage() == null ? "not a valid value"
            : e.getMessage()));
      }
    }
    if (!errors.isEmpty()) {
      throw new JmxException("SLA file " + file + " has invalid lines:\n  "
          + String.join("\n  ", errors));
    }
    if (scopes.isEmpty()) {
      throw new JmxException("SLA file " + file + " has no thresholds. Fix: add e.g. "
          + "overall.errorPercentBelow=1");
    }
    Sla sla = null;
    for (Sla scope : scopes.values()) {
      sla = sla == null ? scope : sla.and(scope);
    }
    return sla;
  }

  private static Duration duration(String text) {
    return Durations.parse(text);
  }
}
