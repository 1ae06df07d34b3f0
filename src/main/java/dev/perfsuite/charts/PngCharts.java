package dev.perfsuite.charts;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;

/**
 * A chart as PNG bytes, rendered headless.
 *
 * <p>Trap: unless {@code java.awt.headless} was set explicitly, loading this class sets it to
 * {@code true}, so build machines without a display render too (the suite never opens a
 * window); an explicit setting wins.
 */
public final class PngCharts {

  static {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private PngCharts() {
  }

  /**
   * {@code chart} as a {@code width} x {@code height} PNG (pixels).
   *
   * @throws UncheckedIOException naming the chart's title when it cannot be rendered
   */
  public static byte[] png(JFreeChart chart, int width, int height) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ChartUtils.writeChartAsPNG(out, chart, width, height);
    } catch (IOException e) {
      String title = chart.getTitle() == null ? "(untitled)" : chart.getTitle().getText();
      throw new UncheckedIOException("cannot render chart " + title, e);
    }
    return out.toByteArray();
  }
}
