package dev.perfsuite.backends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.perfsuite.backends.stubs.StubFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The stub mapping files parse, as JSON and as WireMock mappings, without starting a server. */
class StubMappingsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void shouldParseEveryMappingFileAsJson() throws IOException {
    List<Path> files = mappingFiles();
    assertThat(files).as("mapping files, one per API family").hasSizeGreaterThanOrEqualTo(8);
    for (Path file : files) {
      assertThatCode(() -> JSON.readTree(file.toFile())).as(file.getFileName() + " is JSON")
          .doesNotThrowAnyException();
      assertThat(JSON.readTree(file.toFile()).path("mappings").isArray())
          .as(file.getFileName() + " has a mappings array").isTrue();
    }
  }

  @Test
  void shouldParseEveryMappingAsWireMockDoes() {
    List<StubMapping> mappings = StubFiles.mappings();
    assertThat(mappings).as("mappings").hasSizeGreaterThan(30);
    for (StubMapping mapping : mappings) {
      assertThat(mapping.getName()).as("every mapping has a name").isNotBlank();
      assertThat(mapping.getRequest().getMethod()).as(mapping.getName() + " method").isNotNull();
    }
  }

  @Test
  void shouldDeclareTemplatingWhereverResponsesUseIt() throws IOException {
    for (JsonNode mapping : mappings()) {
      JsonNode response = mapping.path("response");
      if (response.toString().contains("{{")) {
        assertThat(response.path("transformers").toString())
            .as(mapping.path("name").asText() + " uses {{...}}, so needs the transformer")
            .contains("\"response-template\"");
      }
    }
  }

  @Test
  void shouldWrapEverySunbirdBodyInTheSunbirdEnvelope() throws IOException {
    int sunbird = 0;
    for (JsonNode mapping : mappings()) {
      JsonNode body = mapping.path("response").path("jsonBody");
      if (!mapping.path("name").asText().startsWith("Sunbird") || body.isMissingNode()) {
        continue;
      }
      sunbird++;
      for (String field : List.of("id", "ver", "ts", "params", "responseCode", "result")) {
        assertThat(body.has(field)).as(mapping.path("name").asText() + " has " + field).isTrue();
      }
    }
    assertThat(sunbird).as("Sunbird mappings").isGreaterThan(25);
  }

  @Test
  void shouldNotDeclareTheSameRequestTwiceAtTheSamePriority() throws IOException {
    Map<String, String> seen = new HashMap<>();
    for (JsonNode mapping : mappings()) {
      String key = mapping.path("request").toString() + "@" + mapping.path("priority").asInt(5);
      String name = mapping.path("name").asText();
      assertThat(seen.putIfAbsent(key, name)).as(name + " duplicates another mapping").isNull();
    }
  }

  private static List<JsonNode> mappings() throws IOException {
    List<JsonNode> all = new ArrayList<>();
    for (Path file : mappingFiles()) {
      JSON.readTree(file.toFile()).path("mappings").forEach(all::add);
    }
    return all;
  }

  private static List<Path> mappingFiles() throws IOException {
    Path root = StubFiles.directory().orElseThrow().resolve("mappings");
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
    }
  }
}
