package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BenchSettingsTest {

  private static BenchSettings settings(Optional<Path> wrk, List<String> unavailable,
      boolean strict) {
    return new BenchSettings(Duration.ofSeconds(5), List.of(50), 3, 10, Duration.ofSeconds(1),
        Duration.ofSeconds(20), Duration.ofSeconds(10), Path.of("target/bench"),
        Path.of("target/perf-suite-echo.jar"), Optional.of(Path.of("/usr/sbin/nginx")), wrk,
        Optional.empty(), "1g", List.of(), 3, unavailable, strict);
  }

  @Test
  void shouldFailInCiWhenARowsToolIsMissingAndNotDeclaredUnavailable() {
    assertThatThrownBy(() -> settings(Optional.empty(), List.of("hey"), true)
        .requireTools(List.of("nginx", "wrk", "hey")))
        .as("wrk missing, only hey declared")
        .hasMessageContaining("[wrk]").hasMessageContaining("-Dbench.unavailable=wrk");
  }

  @Test
  void shouldSkipRowsOfToolsDeclaredUnavailable() {
    assertThatCode(() -> settings(Optional.empty(), List.of("wrk", "hey"), true)
        .requireTools(List.of("nginx", "wrk", "hey"))).doesNotThrowAnyException();
  }

  @Test
  void shouldOnlyNoteMissingToolsOutsideCi() {
    assertThatCode(() -> settings(Optional.empty(), List.of(), false)
        .requireTools(List.of("wrk", "hey"))).doesNotThrowAnyException();
  }

  @Test
  void shouldShowMedianAndMinMaxOfEveryCell() {
    Cell cell = Cell.of(List.of(Map.of("rps", "900"),
        Map.of("rps", "1200"), Map.of("rps", "1000")), "rps");
    assertThat(cell.median()).isEqualTo(1000);
    assertThat(cell.format("%.0f")).isEqualTo("1000 [900-1200]");
    assertThat(Cell.of(List.of(Map.of()), "p99").format("%.0f")).isEqualTo("—");
  }
}
