package dev.perfsuite.scenarios.wso2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GatewayPayloadsTest {

  @ParameterizedTest
  @ValueSource(ints = {50, 51, 62, 63, 64, 75, 100, 1024, 10240, 102400})
  void shouldBeExactlyTheRequestedSizeInArrayForm(int bytes) {
    String payload = GatewayPayloads.array(bytes);
    assertThat(payload.getBytes(StandardCharsets.UTF_8)).as("size of the %d B payload", bytes)
        .hasSize(bytes);
    assertThat(payload).as("ARRAY form")
        .startsWith("{\"size\":\"" + bytes + "B\",\"payload\":[\"")
        .endsWith("\"]}")
        .contains(GatewayPayloads.sizeMarker(bytes));
    String items = payload.substring(payload.indexOf('[') + 2, payload.length() - 3);
    for (String item : items.split("\",\"")) {
      assertThat(item).as("item of at least 10 characters from 0-9A-Za-z")
          .hasSizeGreaterThanOrEqualTo(10).matches("[0-9A-Za-z]+");
    }
  }

  @Test
  void shouldDrawItemsCyclicallyAsWso2Does() {
    assertThat(GatewayPayloads.array(1024)).as("first items")
        .contains("[\"0123456789\",\"ABCDEFGHIJ\",\"KLMNOPQRST\",\"UVWXYZabcd\"");
  }

  @Test
  void shouldRejectPayloadsBelowFiftyBytes() {
    assertThatThrownBy(() -> GatewayPayloads.array(49)).hasMessageContaining("at least 50");
  }

  @Test
  void shouldLabelSizesAsTheReferenceTable() {
    assertThat(GatewayPayloads.label(50)).isEqualTo("50B");
    assertThat(GatewayPayloads.label(1024)).isEqualTo("1KiB");
    assertThat(GatewayPayloads.label(10240)).isEqualTo("10KiB");
    assertThat(GatewayPayloads.label(102400)).isEqualTo("100KiB");
  }
}
