package dev.perfsuite.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The duration forms engineers type, and the compact form we print. */
class DurationsTest {

  @ParameterizedTest(name = "{0} is {1} ms")
  @CsvSource({
      "250ms, 250",
      "30s, 30000",
      "5m, 300000",
      "1h30m, 5400000",
      "2d, 172800000",
      "1m30s500ms, 90500",
      "PT30S, 30000",
      "pt1m, 60000",
      "' 45s ', 45000",
      "10S, 10000",
      "0s, 0"
  })
  void shouldParseUnitAndIsoForms(String text, long millis) {
    assertThat(Durations.parse(text)).isEqualTo(Duration.ofMillis(millis));
  }

  @ParameterizedTest(name = "rejects ''{0}''")
  @ValueSource(strings = {"10", "0", "abc", "", " ", "5 m", "1.5s", "-5s", "s", "10sec", "P",
      "PTxS", "99999999999999999999d", "999999999999999d"})
  void shouldRejectBareNumbersAndMalformedText(String text) {
    assertThatThrownBy(() -> Durations.parse(text))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @ParameterizedTest(name = "{0} formats as {1}")
  @CsvSource({
      "PT0S, 0s",
      "PT0.25S, 250ms",
      "PT45S, 45s",
      "PT1H30M, 1h30m",
      "PT48H, 48h",
      "PT1M0.5S, 1m500ms"
  })
  void shouldFormatCompactly(String iso, String expected) {
    assertThat(Durations.format(Duration.parse(iso))).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} survives format then parse")
  @ValueSource(strings = {"PT0S", "PT0.001S", "PT59.999S", "PT1H0.001S", "PT25H", "PT9H",
      "PT0.0000005S", "PT1.0000005S", "PT-5S"})
  void shouldRoundTripFormatAndParse(String iso) {
    Duration duration = Duration.parse(iso);

    assertThat(Durations.parse(Durations.format(duration))).as("round trip of %s", iso)
        .isEqualTo(duration);
  }

  @ParameterizedTest(name = "{0} survives parse then format")
  @ValueSource(strings = {"250ms", "30s", "5m", "1h30m", "0s", "1h1m1s1ms"})
  void shouldRoundTripParseAndFormat(String text) {
    assertThat(Durations.format(Durations.parse(text))).isEqualTo(text);
  }

  @Test
  void shouldNameAcceptedFormsWhenRejecting() {
    assertThatThrownBy(() -> Durations.parse("10"))
        .hasMessageContaining("'10'")
        .hasMessageContaining("30s")
        .hasMessageContaining("PT30S");
  }
}
