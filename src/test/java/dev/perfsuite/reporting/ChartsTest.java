package dev.perfsuite.reporting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.Timeline;
import dev.perfsuite.results.TimelinePoint;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.junit.jupiter.api.Test;

/** Charts render headless into readable PNGs. */
class ChartsTest {

  private static RunResult runWithTimeline() {
    List<TimelinePoint> points = new ArrayList<>();
    for (int s = 0; s < 10; s++) {
      Phase phase = s < 2 ? Phase.WARM_UP : Phase.MEASUREMENT;
      for (String label : List.of(LabelSummary.OVERALL, "read", "write")) {
        points.add(new TimelinePoint(label, Duration.ofSeconds(s), phase, 100 + s, s % 3,
            10 + s, 20 + s, 25 + s, 40 + s, 8));
      }
    }
    return new RunResult("chart-test", 8, Duration.ZERO, Duration.ofSeconds(2), List.of(),
        List.of(), Path.of("target"), Optional.empty(), new Timeline(Duration.ofSeconds(1), points),
        Map.of());
  }

  @Test
  void shouldRenderFourOverTimeChartsAsPngImages() throws IOException {
    List<Charts.Png> charts = Charts.overTime(runWithTimeline());

    assertThat(charts).extracting(Charts.Png::name).containsExactly(
        "Response time percentiles over time", "Throughput over time",
        "Active threads over time", "Errors over time");
    for (Charts.Png chart : charts) {
      BufferedImage image = ImageIO.read(new ByteArrayInputStream(chart.bytes()));
      assertThat(image).as("%s decodes as PNG", chart.name()).isNotNull();
      assertThat(image.getWidth()).as("%s width", chart.name()).isEqualTo(960);
    }
  }

  @Test
  void shouldRenderNothingWithoutTimeline() {
    RunResult run = new RunResult("empty", 1, Duration.ZERO, Duration.ZERO, List.of(), List.of(),
        Path.of("target"), Optional.empty());

    assertThat(Charts.overTime(run)).isEmpty();
  }

  @Test
  void shouldRenderMatrixFigureWithOneSeriesPerPayload() throws IOException {
    Map<String, Map<Integer, Double>> cells = Charts.cells();
    cells.put("50B", Map.of(10, 900.0, 100, 4000.0));
    cells.put("1KiB", Map.of(10, 800.0, 100, 3500.0));

    byte[] png = Charts.matrix("matrix", "Throughput (requests/s)", cells);

    assertThat(ImageIO.read(new ByteArrayInputStream(png))).isNotNull();
  }

  @Test
  void shouldDrawAReadableAxisWhenEverySeriesIsZero() {
    List<TimelinePoint> points = new ArrayList<>();
    for (int s = 0; s < 10; s++) {
      points.add(new TimelinePoint(LabelSummary.OVERALL, Duration.ofSeconds(s), Phase.MEASUREMENT,
          100, 0, 10, 20, 25, 40, 8));
    }
    RunResult run = new RunResult("no-errors", 8, Duration.ZERO, Duration.ZERO, List.of(),
        List.of(), Path.of("target"), Optional.empty(), new Timeline(Duration.ofSeconds(1), points),
        Map.of());
    JFreeChart chart = Charts.errorsChart(run);
    chart.createBufferedImage(960, 480);
    NumberAxis axis =
        (NumberAxis) chart.getXYPlot().getRangeAxis();

    assertThat(axis.getRange().getLength()).as("errors axis span with no errors")
        .isGreaterThanOrEqualTo(1.0);
    assertThat(axis.getTickUnit().getSize()).as("tick unit: whole errors, not 1e-9 steps")
        .isGreaterThanOrEqualTo(1.0);
    List<String> labels = new ArrayList<>();
    for (double v = axis.getLowerBound(); v <= axis.getUpperBound() + 1e-9;
        v += axis.getTickUnit().getSize()) {
      labels.add(axis.getTickUnit().valueToString(v));
    }
    assertThat(labels).as("tick labels").doesNotHaveDuplicates().hasSizeLessThanOrEqualTo(12)
        .allMatch(l -> l.length() <= 3);
  }
}
