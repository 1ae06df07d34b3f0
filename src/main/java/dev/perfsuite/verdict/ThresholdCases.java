package dev.perfsuite.verdict;

import dev.perfsuite.config.settings.RegressionMode;
import dev.perfsuite.history.MetricComparison;
import dev.perfsuite.sla.Metric;
import dev.perfsuite.sla.SlaVerdict;
import dev.perfsuite.sla.Threshold;
import dev.perfsuite.sla.ThresholdResult;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A {@link RunVerdict} as a JUnit XML test suite, one test case per SLA threshold and per
 * regression metric. The format is Ant/Surefire's, which Jenkins' {@code junit} step, GitLab's
 * {@code reports:junit} and Azure's PublishTestResults read, so a CI test trend shows which
 * threshold broke.
 *
 * <p>A failed threshold's message is {@code expected <limit>, actual <value>}. A regression fails
 * its case only under {@code perf.regression=fail} (warn: the case passes and its output says
 * so); a metric that could not be judged is skipped. A run stopped before its profile without an
 * SLA verdict still gets a failing {@code run completed} case naming why, a scenario that threw a
 * failing {@code scenario completed} case naming the exception, and a run no SLA judged a failing
 * {@code SLA judged} case, so no run passes in CI unless it was judged.
 */
final class ThresholdCases {
  private ThresholdCases() {
  }

  /** One case of the suite: its class and name, and a failure or skip message if any. */
  record Case(String classname, String name, Kind kind, String message, String detail) {
  }

  /** How a case ended. */
  enum Kind {
    PASSED, FAILED, SKIPPED
  }

  /** Every case of the run, SLA rows first (in judging order), then regression metrics. */
  static List<Case> cases(RunVerdict verdict) {
    String scenario = verdict.result().scenario();
    List<Case> cases = new ArrayList<>();
    boolean completedRow = false;
    for (SlaVerdict sla : verdict.slas()) {
      for (ThresholdResult row : sla.results()) {
        Threshold threshold = row.threshold();
        completedRow |= threshold.metric() == Metric.RUN_COMPLETED;
        String name = threshold.scopeName() + " " + threshold.metric().displayName() + " "
            + threshold.expected();
        cases.add(new Case("perf." + scenario + ".sla", name,
            row.passed() ? Kind.PASSED : Kind.FAILED,
            "expected " + threshold.expected() + ", actual " + row.actualText(), row.detail()));
      }
    }
    if (!completedRow && verdict.result().interrupted()) {
      cases.add(new Case("perf." + scenario + ".sla", "overall run completed", Kind.FAILED,
          "expected the whole profile, actual stopped early",
          verdict.stopReason().orElse("stopped before the end of its profile")));
    }
    verdict.failure().ifPresent(f -> cases.add(new Case("perf." + scenario + ".sla",
        "overall scenario completed", Kind.FAILED, "expected the scenario to end without an "
        + "exception, actual " + f, "")));
    if (!verdict.judged() && verdict.failure().isEmpty() && !verdict.result().interrupted()) {
      // Failed, as its test is: CI must not count a run nobody judged as a met threshold.
      cases.add(new Case("perf." + scenario + ".sla", "overall SLA judged", Kind.FAILED,
          "not judged: expected perf.judge(...) on this run, actual none", ""));
    }
    verdict.regression().ifPresent(r -> r.comparisons().forEach(c -> cases.add(
        regression(scenario, c, verdict.regressionMode(), r.tolerancePercent()))));
    return cases;
  }

  private static Case regression(String scenario, MetricComparison c, RegressionMode mode,
      double tolerance) {
    String name = c.label() + " " + c.metric().title() + " vs baseline";
    String message = String.format(Locale.ROOT, "expected within %s %% of baseline %s %s, "
            + "actual %s %s (%s, %s)", trim(tolerance), trim(c.baseline()), c.metric().unit(),
        trim(c.current()), c.metric().unit(), c.change(), c.test());
    Kind kind = switch (c.status()) {
      case REGRESSION -> mode == RegressionMode.FAIL ? Kind.FAILED : Kind.PASSED;
      case INCONCLUSIVE -> Kind.SKIPPED;
      default -> Kind.PASSED;
    };
    String detail = c.status().name().toLowerCase(Locale.ROOT)
        + (c.status() == MetricComparison.Status.REGRESSION && kind == Kind.PASSED
            ? " (perf.regression=" + mode.name().toLowerCase(Locale.ROOT) + ")" : "")
        + (c.note() == null || c.note().isBlank() ? "" : ": " + c.note());
    return new Case("perf." + scenario + ".regression", name, kind,
        kind == Kind.SKIPPED ? detail : message, kind == Kind.SKIPPED ? "" : detail);
  }

  /** The suite as JUnit XML. */
  static String xml(RunVerdict verdict) {
    List<Case> cases = cases(verdict);
    StringWriter out = new StringWriter();
    try {
      XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
      xml.writeStartDocument("UTF-8", "1.0");
      xml.writeCharacters("\n");
      xml.writeStartElement("testsuite");
      xml.writeAttribute("name", xmlText("perf." + verdict.result().scenario()));
      xml.writeAttribute("tests", Integer.toString(cases.size()));
      xml.writeAttribute("failures", Long.toString(count(cases, Kind.FAILED)));
      xml.writeAttribute("errors", "0");
      xml.writeAttribute("skipped", Long.toString(count(cases, Kind.SKIPPED)));
      xml.writeAttribute("time", "0");
      xml.writeCharacters("\n");
      for (Case c : cases) {
        xml.writeCharacters("  ");
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", xmlText(c.classname()));
        xml.writeAttribute("name", xmlText(c.name()));
        xml.writeAttribute("time", "0");
        if (c.kind() == Kind.FAILED) {
          xml.writeStartElement("failure");
          xml.writeAttribute("message", xmlText(c.message()));
          xml.writeAttribute("type", "AssertionError");
          xml.writeCharacters(xmlText(c.message()
              + (c.detail().isBlank() ? "" : "\n" + c.detail())));
          xml.writeEndElement();
        } else if (c.kind() == Kind.SKIPPED) {
          xml.writeEmptyElement("skipped");
          xml.writeAttribute("message", xmlText(c.message()));
        } else if (!c.detail().isBlank()) {
          xml.writeStartElement("system-out");
          xml.writeCharacters(xmlText(c.message() + "\n" + c.detail()));
          xml.writeEndElement();
        }
        xml.writeEndElement();
        xml.writeCharacters("\n");
      }
      xml.writeEndElement();
      xml.writeCharacters("\n");
      xml.writeEndDocument();
      xml.close();
    } catch (XMLStreamException e) {
      throw new IllegalStateException("cannot write the test cases of "
          + verdict.result().scenario(), e);
    }
    return out.toString();
  }

  /**
   * Text XML 1.0 can hold, each forbidden character replaced by '?'. Control characters other than
   * tab and line breaks are not allowed even escaped, and a JMX label or an engine's failure text
   * may carry them.
   */
  static String xmlText(String text) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints().forEach(c -> out.appendCodePoint(c == 0x9 || c == 0xA || c == 0xD
        || c >= 0x20 && c <= 0xD7FF || c >= 0xE000 && c <= 0xFFFD || c >= 0x10000 ? c : '?'));
    return out.toString();
  }

  private static long count(List<Case> cases, Kind kind) {
    return cases.stream().filter(c -> c.kind() == kind).count();
  }

  private static String trim(double value) {
    if (!Double.isFinite(value)) {
      return "-";
    }
    return value == Math.rint(value) ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%.2f", value);
  }
}
