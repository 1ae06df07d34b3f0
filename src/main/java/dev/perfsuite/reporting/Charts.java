package dev.perfsuite.reporting;

import dev.perfsuite.charts.PngCharts;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.Timeline;
import dev.perfsuite.results.TimelinePoint;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * PNG charts of a run over time (response-time percentiles, throughput, active threads, errors)
 * and of a users x payload matrix, rendered headless with JFreeChart ({@link PngCharts}).
 *
 * <p>Every chart is titled, has units on both axes and one series per label; over-time charts
 * shade the warm-up window, which statistics and verdicts exclude.
 */
public final class Charts {
  private static final int WIDTH = 960;
  private static final int HEIGHT = 480;
  private static final Color WARM_UP = new Color(255, 200, 120, 90);

  private Charts() {
  }

  /** A chart as PNG bytes, with the name it is attached under. */
  public record Png(String name, byte[] bytes) {
  }

  /** The four over-time charts of a run, empty when the run recorded no timeline. */
  public static List<Png> overTime(RunResult run) {
    Timeline timeline = run.timeline();
    if (timeline.points().isEmpty()) {
      return List.of();
    }
    double windowSeconds = timeline.window().toMillis() / 1000.0;
    return List.of(
        new Png("Response time percentiles over time", responseTimes(run)),
        new Png("Throughput over time", perLabel(run, "Throughput over time",
            "Throughput (requests/s)", p -> p.samples() / windowSeconds, true)),
        new Png("Active threads over time", perLabel(run, "Active threads over time",
            "Active threads", TimelinePoint::maxActiveThreads, false)),
        new Png("Errors over time", png(errorsChart(run))));
  }

  private static byte[] responseTimes(RunResult run) {
    XYSeriesCollection data = new XYSeriesCollection();
    Timeline timeline = run.timeline();
    List<TimelinePoint> overall = timeline.of(LabelSummary.OVERALL);
    data.addSeries(series("all p50", overall, TimelinePoint::p50Millis));
    data.addSeries(series("all p95", overall, TimelinePoint::p95Millis));
    data.addSeries(series("all p99", overall, TimelinePoint::p99Millis));
    List<String> labels = run.labels();
    if (labels.size() > 1) {
      for (String label : labels) {
        data.addSeries(series(label + " p95", timeline.of(label), TimelinePoint::p95Millis));
      }
    }
    return png(chart(run.scenario() + ": response time percentiles per "
        + timeline.window().toSeconds() + " s window", "Response time (ms)", data, run));
  }

  private static byte[] perLabel(RunResult run, String title, String axis,
      ToDoubleFunction<TimelinePoint> value, boolean byLabel) {
    return png(perLabelChart(run, title, axis, value, byLabel));
  }

  /** The errors chart of a run, unrendered, for tests of its axes. */
  static JFreeChart errorsChart(RunResult run) {
    return perLabelChart(run, "Errors over time", "Errors per "
        + run.timeline().window().toSeconds() + " s window", TimelinePoint::errors, true);
  }

  private static JFreeChart perLabelChart(RunResult run, String title, String axis,
      ToDoubleFunction<TimelinePoint> value, boolean byLabel) {
    XYSeriesCollection data = new XYSeriesCollection();
    Timeline timeline = run.timeline();
    data.addSeries(series("all", timeline.of(LabelSummary.OVERALL), value));
    if (byLabel && run.labels().size() > 1) {
      for (String label : run.labels()) {
        data.addSeries(series(label, timeline.of(label), value));
      }
    }
    return chart(run.scenario() + ": " + title.toLowerCase(), axis, data, run);
  }

  private static XYSeries series(String name, List<TimelinePoint> points,
      ToDoubleFunction<TimelinePoint> value) {
    XYSeries series = new XYSeries(name, true, false);
    for (TimelinePoint p : points) {
      series.add(p.offset().toMillis() / 1000.0, value.applyAsDouble(p));
    }
    return series;
  }

  private static JFreeChart chart(String title, String axis, XYSeriesCollection data,
      RunResult run) {
    JFreeChart chart = ChartFactory.createXYLineChart(title, "Time since start (s)", axis, data,
        PlotOrientation.VERTICAL, true, false, false);
    style(chart);
    XYPlot plot = chart.getXYPlot();
    readableWhenFlat((NumberAxis) plot.getRangeAxis());
    double warmUp = run.warmUp().toMillis() / 1000.0;
    if (warmUp > 0) {
      IntervalMarker marker = new IntervalMarker(0, warmUp, WARM_UP);
      marker.setLabel("warm-up (excluded)");
      marker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
      marker.setLabelTextAnchor(TextAnchor.TOP_LEFT);
      plot.addDomainMarker(marker, Layer.BACKGROUND);
    }
    return chart;
  }

  /**
   * Throughput against users, one series per payload size, as the figures of WSO2's benchmark.
   *
   * @param cells per payload label, users to value (measurement phase)
   */
  public static byte[] matrix(String title, String axis, Map<String, Map<Integer, Double>> cells) {
    XYSeriesCollection data = new XYSeriesCollection();
    cells.forEach((payload, byUsers) -> {
      XYSeries series = new XYSeries(payload, true, false);
      byUsers.forEach(series::add);
      data.addSeries(series);
    });
    JFreeChart chart = ChartFactory.createXYLineChart(title, "Concurrent users", axis, data,
        PlotOrientation.VERTICAL, true, false, false);
    style(chart);
    XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) chart.getXYPlot().getRenderer();
    renderer.setDefaultShapesVisible(true);
    return png(chart);
  }

  /** An empty ordered cell map for {@link #matrix}. */
  public static Map<String, Map<Integer, Double>> cells() {
    return new LinkedHashMap<>();
  }

  private static void style(JFreeChart chart) {
    chart.setBackgroundPaint(Color.WHITE);
    chart.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
    XYPlot plot = chart.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) plot.getRenderer();
    for (int i = 0; i < plot.getDataset().getSeriesCount(); i++) {
      renderer.setSeriesStroke(i, new BasicStroke(2f));
    }
  }

  /**
   * Keeps an all-zero series readable, with an axis of at least 0..1 and whole-number ticks. A
   * series that is all zero (no errors) would make JFreeChart auto-range a 1e-8 wide axis and print
   * overlapping tick labels such as 0.000000001; latencies or rates only ever span more.
   */
  private static void readableWhenFlat(NumberAxis axis) {
    axis.setAutoRangeIncludesZero(true);
    axis.setAutoRangeMinimumSize(1.0);
    if (axis.getLabel() != null && (axis.getLabel().startsWith("Errors")
        || axis.getLabel().startsWith("Active threads"))) {
      axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    }
  }

  private static byte[] png(JFreeChart chart) {
    return PngCharts.png(chart, WIDTH, HEIGHT);
  }
}
