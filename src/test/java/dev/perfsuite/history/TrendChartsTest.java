package dev.perfsuite.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class TrendChartsTest {

  @Test
  void shouldRenderAPngWhenGivenSeveralRuns() throws Exception {
    List<RunRecord> runs = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      runs.add(Records.run("TOTAL", 400 + 10 * i, 0, 10 + i, 11 + i, 12 + i));
    }
    byte[] png = TrendCharts.render("echo-test", "TOTAL", runs);
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));

    assertThat(image).as("decodable PNG").isNotNull();
    assertThat(image.getWidth()).as("width").isEqualTo(TrendCharts.WIDTH);
    assertThat(image.getHeight()).as("height").isEqualTo(TrendCharts.HEIGHT);
  }

  @Test
  void shouldRenderWhenTheLabelNeverSampled() throws Exception {
    byte[] png = TrendCharts.render("echo-test", "missing", List.of(Records.run("TOTAL", 10, 0,
        5, 5)));
    assertThat(ImageIO.read(new ByteArrayInputStream(png))).as("empty chart still a PNG")
        .isNotNull();
  }
}
