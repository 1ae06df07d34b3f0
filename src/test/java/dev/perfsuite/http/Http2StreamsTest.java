package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class Http2StreamsTest {

  @Test
  void shouldSpeakHttp11WhenTheSamplerNamesNoVersion() {
    assertThat(Http2Streams.Version.of("")).as("empty").isEqualTo(Http2Streams.Version.HTTP_1_1);
    assertThat(Http2Streams.Version.of(null)).as("absent")
        .isEqualTo(Http2Streams.Version.HTTP_1_1);
    assertThat(Http2Streams.Version.of(" AUTO ")).as("auto").isEqualTo(Http2Streams.Version.AUTO);
  }

  @Test
  void shouldRefuseAnUnknownVersionNamingTheAllowedOnes() {
    assertThatThrownBy(() -> Http2Streams.Version.of("3")).as("version 3")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("perf.http.version=3").hasMessageContaining("1.1, 2, auto");
  }

  @Test
  void shouldPickTheConnectionModeByVersionAndScheme() {
    assertThat(Http2Streams.Mode.of(Http2Streams.Version.HTTP_2, false)).as("2 on http")
        .isEqualTo(Http2Streams.Mode.H2C);
    assertThat(Http2Streams.Mode.of(Http2Streams.Version.HTTP_2, true)).as("2 on https")
        .isEqualTo(Http2Streams.Mode.ALPN_H2);
    assertThat(Http2Streams.Mode.of(Http2Streams.Version.AUTO, false)).as("auto on http")
        .isEqualTo(Http2Streams.Mode.HTTP_1_1);
    assertThat(Http2Streams.Mode.of(Http2Streams.Version.AUTO, true)).as("auto on https")
        .isEqualTo(Http2Streams.Mode.ALPN_AUTO);
    assertThat(Http2Streams.Mode.of(Http2Streams.Version.HTTP_1_1, true)).as("1.1 on https")
        .isEqualTo(Http2Streams.Mode.HTTP_1_1);
  }

  @Test
  void shouldNameAnHttp2ErrorCodeByItsRfcName() {
    assertThat(Http2Streams.errorName(0x8)).as("code 8").isEqualTo("CANCEL");
    assertThat(Http2Streams.errorName(0x99)).as("unknown code").isEqualTo("153");
  }
}
