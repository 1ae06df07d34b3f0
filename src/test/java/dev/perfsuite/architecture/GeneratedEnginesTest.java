package dev.perfsuite.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.perfsuite.controller.ControllerMain;
import dev.perfsuite.engines.server.RemoteEngineMain;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A generated project starts remote engines and the controller from the library's artifacts
 * alone: its {@code engines} profile unpacks the engine distribution this build attaches, its
 * Dockerfiles build on a public JRE image from what that profile leaves under {@code target/},
 * and the Helm chart's values name the images its README builds. {@code .ci/generated-project.sh}
 * starts two engines from the unpacked distribution and runs the scenario on them.
 */
class GeneratedEnginesTest {
  private static final Path TEMPLATES =
      Path.of("archetype", "src", "main", "resources", "archetype-resources");
  private static final Path ASSEMBLY = Path.of("src", "assembly", "engine.xml");
  private static final Path VALUES = Path.of("deploy", "helm", "perf-engines", "values.yaml");
  private static final Pattern COPY = Pattern.compile("(?m)^COPY (\\S+) (\\S+)$");
  private static final Pattern DOCKER_BUILD =
      Pattern.compile("docker build -f docker/(\\w+)/Dockerfile -t (\\S+) \\.");

  @Test
  void shouldAttachTheEngineDistributionWithoutATestJar() throws IOException {
    String pom = Files.readString(Path.of("pom.xml"));
    String assembly = Files.readString(ASSEMBLY);

    assertThat(pom).as("pom.xml builds %s", ASSEMBLY).contains("<descriptor>" + ASSEMBLY
        .toString().replace('\\', '/') + "</descriptor>");
    assertThat(assembly).as("the engine distribution %s", ASSEMBLY)
        .contains("<id>engine</id>", "<format>zip</format>",
            "<baseDirectory>perf-suite-engine</baseDirectory>",
            "<destName>perf-suite-remote-engine.jar</destName>", "remote-engine-lib")
        .doesNotContain("tests");
    assertThat(pom).as("the launcher's manifest names no test jar of this repository")
        .doesNotContain("<Class-Path>perf-suite-${project.version}-tests.jar</Class-Path>");
  }

  @Test
  void shouldUnpackTheLibrarysEngineDistributionInTheGeneratedProject() throws IOException {
    String pom = Files.readString(TEMPLATES.resolve("pom.xml"));
    String profile = pom.substring(pom.indexOf("<id>engines</id>"));

    assertThat(profile).as("the generated pom's engines profile")
        .contains("<goal>unpack</goal>", "<artifactId>perf-suite</artifactId>",
            "<version>${perf-suite.version}</version>", "<type>zip</type>",
            "<classifier>engine</classifier>",
            "<outputDirectory>${project.build.directory}/perf-controller/lib</outputDirectory>",
            "<artifactId>junit-jupiter-engine</artifactId>");
  }

  @Test
  void shouldBuildTheEngineImageOnAPublicJreFromTheDistribution() throws IOException {
    String dockerfile = Files.readString(TEMPLATES.resolve("docker/engine/Dockerfile"));

    assertThat(dockerfile).as("the generated engine Dockerfile")
        .contains("ARG BASE_IMAGE=eclipse-temurin:17-jre\nFROM ${BASE_IMAGE}",
            RemoteEngineMain.class.getName(), "/opt/perf-suite/perf-suite-remote-engine.jar");
    assertThat(copiedSources(dockerfile)).as("what the engine image copies: the unpacked "
        + "distribution (%s's base directory) and the project's classes", ASSEMBLY)
        .containsExactly("target/perf-suite-engine/", "target/test-classes/");
  }

  @Test
  void shouldBuildTheControllerImageOnAPublicJreFromTheProjectsClassPath() throws IOException {
    String dockerfile = Files.readString(TEMPLATES.resolve("docker/controller/Dockerfile"));

    assertThat(dockerfile).as("the generated controller Dockerfile")
        .contains("ARG BASE_IMAGE=eclipse-temurin:17-jre\nFROM ${BASE_IMAGE}",
            ControllerMain.class.getName());
    assertThat(copiedSources(dockerfile)).as("what the controller image copies")
        .containsExactly("target/perf-controller/lib/", "target/test-classes/");
  }

  @Test
  void shouldNameTheGeneratedProjectsImagesInTheHelmValues() throws IOException {
    JsonNode values = new YAMLMapper().readTree(VALUES.toFile());
    String readme = Files.readString(TEMPLATES.resolve("README.md"));
    Matcher build = DOCKER_BUILD.matcher(readme);
    Map<String, String> tags = new TreeMap<>();
    while (build.find()) {
      tags.put(build.group(1), build.group(2));
    }

    assertThat(tags).as("images the generated README builds").containsOnlyKeys("engine",
        "controller");
    assertThat(values.path("image").path("repository").asText())
        .as("the chart's engine image: the generated project's").isEqualTo(tags.get("engine"));
    assertThat(values.path("controller").path("image").path("repository").asText())
        .as("the chart's controller image: the generated project's")
        .isEqualTo(tags.get("controller"));
  }

  private static List<String> copiedSources(String dockerfile) {
    return COPY.matcher(dockerfile).results().map(m -> m.group(1)).toList();
  }
}
