package dev.perfsuite.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every image the suite builds runs as a numeric non-root user: the last {@code USER} of each
 * Dockerfile's final stage (numeric, so Kubernetes' {@code runAsNonRoot} can check it). The
 * echo image built on first use is checked by {@code EchoImageTest}.
 */
class NonRootImagesTest {

  @Test
  void shouldEndTheFinalStageOfEveryDockerfileWithANumericNonRootUser() throws IOException {
    Map<String, String> dockerfiles = new LinkedHashMap<>();
    for (Path root : List.of(Path.of("docker"),
        Path.of("archetype/src/main/resources/archetype-resources/docker"))) {
      try (Stream<Path> files = Files.walk(root)) {
        for (Path file : files.filter(f -> f.getFileName().toString().equals("Dockerfile"))
            .toList()) {
          dockerfiles.put(file.toString(), Files.readString(file));
        }
      }
    }

    assertThat(dockerfiles).as("Dockerfiles found").hasSizeGreaterThanOrEqualTo(9);
    List<String> root = new ArrayList<>();
    dockerfiles.forEach((name, text) -> {
      String user = finalUser(text);
      if (!user.matches("[1-9][0-9]*(:[0-9]+)?")) {
        root.add(name + ": USER " + (user.isEmpty() ? "(none: root)" : user));
      }
    });
    assertThat(root).as("images whose final stage runs as root or a non-numeric user").isEmpty();
  }

  /** The last USER after the last FROM, empty when there is none. */
  static String finalUser(String dockerfile) {
    String user = "";
    for (String line : dockerfile.split("\n")) {
      String instruction = line.strip();
      if (instruction.regionMatches(true, 0, "FROM ", 0, 5)) {
        user = "";
      } else if (instruction.regionMatches(true, 0, "USER ", 0, 5)) {
        user = instruction.substring(5).strip();
      }
    }
    return user;
  }
}
