package dev.perfsuite.scenarios.wso2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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
    String[] each = items.split("\",\"");
    for (int i = 0; i < each.length - 1; i++) {
      assertThat(each[i]).as("item %d of %d: 10 characters from 0-9A-Za-z", i, each.length)
          .hasSize(10).matches("[0-9A-Za-z]+");
    }
    assertThat(each[each.length - 1]).as("last item: what is left, 1 to 13 characters")
        .hasSizeBetween(1, 13).matches("[0-9A-Za-z]+");
  }

  /**
   * Outputs WSO2's ARRAY generator produces for these sizes (its own unit test pins them; see
   * docs/reference/requests.md): the last item is short, or absorbs up to 3 bytes a separator
   * could not use.
   */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "50|{\"size\":\"50B\",\"payload\":[\"0123456789\",\"ABCDEFGH\"]}",
      "55|{\"size\":\"55B\",\"payload\":[\"0123456789\",\"ABCDEFGHIJKLM\"]}",
      "56|{\"size\":\"56B\",\"payload\":[\"0123456789\",\"ABCDEFGHIJ\",\"K\"]}"})
  void shouldMatchWso2GeneratorByteForByte(int bytes, String expected) {
    assertThat(GatewayPayloads.array(bytes)).as("%d B payload", bytes).isEqualTo(expected);
  }

  @Test
  void shouldEndTheOneKibPayloadWithTheShortItemWso2Writes() {
    // 1024 B: 993 bytes to fill = 76 items of 10 and 76 separators (988 B), then 5 characters.
    String payload = GatewayPayloads.array(1024);
    assertThat(payload).as("the character cycle runs on across items, and ends short")
        .endsWith("\"wxyz012345\",\"6789ABCDEF\",\"GHIJK\"]}");
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
