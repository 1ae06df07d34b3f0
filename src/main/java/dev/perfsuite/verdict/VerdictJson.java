package dev.perfsuite.verdict;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perfsuite.history.MetricComparison;
import dev.perfsuite.history.RegressionVerdict;
import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Metric;
import dev.perfsuite.sla.SlaVerdict;
import dev.perfsuite.sla.ThresholdResult;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * A {@link RunVerdict} as the JSON document {@code verdict.json}; field names are stable (see
 * {@code docs/results.md}, schema {@code docs/reference/verdict.schema.json}).
 *
 * <p>Times are in ms, rates in req/s, shares in percent. Numbers that could not be measured
 * (NaN: no samples, no baseline) are written as {@code null}, since JSON has no NaN.
 */
final class VerdictJson {
  /** Version of the document's layout; raised when a field changes meaning or goes away. */
  static final int SCHEMA_VERSION = 1;
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT);
  private static final Set<Metric> LATENCY = EnumSet.of(Metric.P50, Metric.P90, Metric.P95,
      Metric.P99, Metric.MEAN);

  private VerdictJson() {
  }

  /** The document, pretty-printed. */
  static String of(RunVerdict verdict) {
    RunResult result = verdict.result();
    ObjectNode root = JSON.createObjectNode();
    root.put("schemaVersion", SCHEMA_VERSION);
    root.put("scenario", result.scenario());
    root.put("outcome", verdict.outcome().json());
    verdict.failure().ifPresentOrElse(f -> root.put("failure", f), () -> root.putNull("failure"));
    root.set("profile", profile(verdict.profile(), result));
    root.put("loadModel", lower(verdict.profile().model()));
    root.put("judgedLatency", lower(result.judged()));
    root.put("interrupted", result.interrupted());
    ObjectNode stop = root.putObject("stop");
    result.stop().ifPresentOrElse(s -> {
      stop.put("reason", s.message());
      stop.put("kind", lower(s.kind()));
      stop.put("stoppedAt", s.at().toString());
    }, () -> {
      stop.putNull("reason");
      stop.putNull("kind");
      stop.putNull("stoppedAt");
    });
    verdict.breach().ifPresentOrElse(b -> {
      stop.put("rule", b.rule().toString());
      stop.put("firedAt", b.at().toString());
      stop.put("actualMillis", b.actualMillis());
      stop.put("windowSeconds", b.window().toSeconds());
    }, () -> {
      stop.putNull("rule");
      stop.putNull("firedAt");
    });
    ArrayNode labels = root.putArray("labels");
    result.summaries().forEach(s -> labels.add(label(s)));
    ArrayNode sla = root.putArray("sla");
    verdict.slas().forEach(v -> rows(v, result, sla));
    root.set("regression", regression(verdict));
    ArrayNode warnings = root.putArray("warnings");
    result.warnings().forEach(warnings::add);
    verdict.reportWarnings().forEach(warnings::add);
    try {
      return JSON.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the verdict of " + result.scenario(), e);
    }
  }

  private static ObjectNode profile(LoadProfile profile, RunResult result) {
    ObjectNode node = JSON.createObjectNode();
    node.put("name", profile.name());
    node.put("users", result.users());
    if (profile.model() == LoadModel.OPEN) {
      node.put("targetRate", profile.peakLevel());
    } else {
      node.putNull("targetRate");
    }
    node.put("plannedSeconds", profile.plannedDuration().toSeconds());
    node.put("warmUpMillis", result.warmUp().toMillis());
    node.put("thinkTimeMillis", result.thinkTime().toMillis());
    return node;
  }

  private static ObjectNode label(LabelSummary s) {
    ObjectNode node = JSON.createObjectNode();
    node.put("label", s.label());
    node.put("phase", lower(s.phase()));
    node.put("samples", s.samples());
    node.put("errors", s.errors());
    boolean measured = s.samples() > 0;
    number(node, "errorPercent", measured ? s.errorPercent() : Double.NaN);
    number(node, "throughput", measured ? s.throughput() : Double.NaN);
    number(node, "receivedKBps", measured ? s.receivedKBps() : Double.NaN);
    number(node, "sentKBps", measured ? s.sentKBps() : Double.NaN);
    // A phase without samples (the warm-up when there is none) has no latency: null, not -1.
    node.set("response", measured ? latency(s.response()) : JSON.nullNode());
    node.set("service", measured ? latency(s.service()) : JSON.nullNode());
    node.put("lateStarts", s.lateStarts());
    node.put("maxLagMillis", s.maxLagMillis());
    node.put("stalls", s.stalls());
    return node;
  }

  private static ObjectNode latency(LatencyStats l) {
    ObjectNode node = JSON.createObjectNode();
    node.put("min", l.min());
    number(node, "mean", l.mean());
    number(node, "stdDev", l.stdDev());
    node.put("p50", l.p50());
    node.put("p75", l.p75());
    node.put("p90", l.p90());
    node.put("p95", l.p95());
    node.put("p98", l.p98());
    node.put("p99", l.p99());
    node.put("p999", l.p999());
    node.put("max", l.max());
    return node;
  }

  private static void rows(SlaVerdict verdict, RunResult result, ArrayNode out) {
    for (ThresholdResult row : verdict.results()) {
      ObjectNode node = out.addObject();
      node.put("scope", row.threshold().scopeName());
      node.put("metric", row.threshold().metric().displayName());
      node.put("expected", row.threshold().expected());
      node.put("actual", row.actualText());
      number(node, "limitValue", row.threshold().limit());
      number(node, "actualValue", row.actual());
      node.put("passed", row.passed());
      if (LATENCY.contains(row.threshold().metric())) {
        node.put("latency", lower(result.judged()));
      } else {
        node.putNull("latency");
      }
      node.put("detail", row.detail());
    }
  }

  private static ObjectNode regression(RunVerdict verdict) {
    ObjectNode node = JSON.createObjectNode();
    node.put("mode", lower(verdict.regressionMode()));
    RegressionVerdict regression = verdict.regression().orElse(null);
    if (regression == null) {
      node.putNull("baseline");
      node.putNull("source");
      node.putNull("tolerancePercent");
      node.put("regressed", false);
      node.putArray("metrics");
      return node;
    }
    regression.baseline().ifPresentOrElse(b -> node.put("baseline", b.describe()),
        () -> node.putNull("baseline"));
    node.put("source", regression.source());
    number(node, "tolerancePercent", regression.tolerancePercent());
    node.put("regressed", regression.regressed());
    ArrayNode metrics = node.putArray("metrics");
    for (MetricComparison c : regression.comparisons()) {
      ObjectNode m = metrics.addObject();
      m.put("label", c.label());
      m.put("metric", c.metric().title());
      m.put("unit", c.metric().unit());
      number(m, "baseline", c.baseline());
      number(m, "current", c.current());
      number(m, "changePercent", c.changePercent());
      m.put("change", c.change());
      number(m, "pValue", c.pValue());
      m.put("verdict", lower(c.status()));
      m.put("note", c.note() == null ? "" : c.note());
    }
    return node;
  }

  private static void number(ObjectNode node, String field, double value) {
    if (Double.isFinite(value)) {
      node.put(field, value);
    } else {
      node.putNull(field);
    }
  }

  private static String lower(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT);
  }
}
