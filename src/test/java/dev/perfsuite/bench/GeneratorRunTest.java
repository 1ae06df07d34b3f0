package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class GeneratorRunTest {
  @Test
  void shouldKeepFirstAndNewestPointWhenASamplerOutgrowsItsBound() {
    List<Integer> points = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      points.add(i);
      GeneratorRun.thin(points, 256);
    }

    assertThat(points).as("bounded").hasSizeLessThanOrEqualTo(257);
    assertThat(points.get(0)).as("the first point").isZero();
    assertThat(points.get(points.size() - 1)).as("the newest point").isEqualTo(9_999);
    assertThat(points).as("in order").isSorted();
  }

  @Test
  void shouldKeepEveryPointWhenWithinItsBound() {
    List<Integer> points = new ArrayList<>(IntStream.range(0, 256).boxed().toList());

    GeneratorRun.thin(points, 256);

    assertThat(points).as("untouched").hasSize(256);
  }
}
