package dev.perfsuite.history;

import dev.perfsuite.charts.PngCharts;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Trend charts of a scenario's history over its last runs, as a PNG. They show p95, p99 (ms, left
 * axis) and throughput (req/s, right axis) of the measurement phase.
 *
 * <p>Rendered off-screen, as every chart of the suite ({@link PngCharts}).
 */
public final class TrendCharts {
  /** Default image width in pixels. */
  public static final int WIDTH = 1000;
  /** Default image height in pixels. */
  public static final int HEIGHT = 500;

  private TrendCharts() {
  }

  /**
   * The trend of {@code label} ({@code TOTAL} for all samplers) over {@code runs}, oldest first,
   * as a {@value #WIDTH}x{@value #HEIGHT} PNG.
   *
   * @param runs the runs to show, usually the last {@code perf.trend.runs} on one target and
   *     profile; runs where the label did not sample are skipped
   */
  public static byte[] render(String scenario, String label, List<RunRecord> runs) {
    DefaultCategoryDataset latency = new DefaultCategoryDataset();
    DefaultCategoryDataset throughput = new DefaultCategoryDataset();
    String where = "";
    int shown = 0;
    for (RunRecord run : runs) {
      var record = run.label(label).filter(l -> l.samples() > 0);
      if (record.isEmpty()) {
        continue;
      }
      // Category keys must be unique: the describe() text plus the run id's start.
      String key = run.identity().describe() + (run.interrupted() ? " (interrupted)" : "");
      if (latency.getColumnIndex(key) >= 0) {
        key = key + " " + run.identity().runId().substring(0, Math.min(6,
            run.identity().runId().length()));
      }
      latency.addValue(record.get().p95Millis(), "p95 (ms)", key);
      latency.addValue(record.get().p99Millis(), "p99 (ms)", key);
      throughput.addValue(record.get().throughput(), "throughput (req/s)", key);
      where = run.identity().target() + "/" + run.identity().profile();
      shown++;
    }
    CategoryAxis runsAxis = new CategoryAxis("run (build, start time UTC, commit)");
    runsAxis.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
    runsAxis.setMaximumCategoryLabelLines(2);
    NumberAxis millis = new NumberAxis("response time (ms)");
    millis.setAutoRangeIncludesZero(true);
    CategoryPlot plot = new CategoryPlot(latency, runsAxis, millis, renderer(
        new Color(0xD9, 0x5F, 0x02), new Color(0x75, 0x70, 0xB3)));
    NumberAxis rate = new NumberAxis("throughput (req/s)");
    rate.setAutoRangeIncludesZero(true);
    plot.setRangeAxis(1, rate);
    plot.setDataset(1, throughput);
    plot.mapDatasetToRangeAxis(1, 1);
    plot.setRenderer(1, renderer(new Color(0x1B, 0x9E, 0x77)));
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    JFreeChart chart = new JFreeChart(scenario + ": trend of the last " + shown + " run(s)",
        JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    chart.addSubtitle(new TextTitle(label + ", measurement phase, target/profile " + where));
    chart.setBackgroundPaint(Color.WHITE);
return PngCharts.png(chart, WIDTH, HEIGHT);
  }

  private static LineAndShapeRenderer renderer(Color... colors) {
    LineAndShapeRenderer renderer = new LineAndShapeRenderer(true, true);
    for (int i = 0; i < colors.length; i++) {
      renderer.setSeriesPaint(i, colors[i]);
      renderer.setSeriesStroke(i, new BasicStroke(2f));
    }
    return renderer;
  }
}
