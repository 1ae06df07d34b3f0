package dev.perfsuite.backends.echo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.Versions;
import dev.perfsuite.echo.EchoBackendMain;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EchoImageTest {
  private static final String MAIN = "classes/dev/perfsuite/echo/EchoBackendMain.class";

  @Test
  void shouldBuildOnThePublicJreFromTheEchoClassesAndNettyJarsOnTheClassPath() {
    EchoImage image = EchoImage.fromClassPath(Versions.JRE_IMAGE);
    assertThat(Versions.JRE_IMAGE).as("the public JRE image, from pom.xml")
        .isEqualTo("eclipse-temurin:17-jre");
    assertThat(image.files().keySet()).as("build context")
        .contains("Dockerfile", MAIN, "classes/dev/perfsuite/versions.properties",
            "classes/dev/perfsuite/config/Versions.class")
        .anySatisfy(path -> assertThat(path).matches("lib/netty-codec-http-4[^/]*\\.jar"))
        .anySatisfy(path -> assertThat(path).matches("lib/netty-transport-4[^/]*\\.jar"))
        .anySatisfy(path -> assertThat(path).matches("lib/netty-common-4[^/]*\\.jar"))
        .noneMatch(path -> path.startsWith("classes/dev/perfsuite/backends/"))
        .allMatch(path -> path.equals("Dockerfile") || path.startsWith("classes/")
            || path.matches("lib/netty-[^/]+\\.jar"));
    String dockerfile = new String(image.files().get("Dockerfile"), StandardCharsets.UTF_8);
    assertThat(dockerfile).as("Dockerfile")
        .startsWith("# ").contains("\nFROM eclipse-temurin:17-jre\n")
        .contains(EchoBackendMain.class.getName(), "EXPOSE " + Versions.ECHO_PORT)
        .as("the echo image runs as a numeric non-root user")
        .contains("\nUSER 10001:10001\n");
  }

  @Test
  void shouldTagByContentSoAnUnchangedSuiteBuildsOnce() {
    String tag = EchoImage.fromClassPath(Versions.JRE_IMAGE).tag();
    assertThat(tag).as("tag").matches("perf-suite/echo-backend:[0-9a-f]{16}");
    assertThat(EchoImage.fromClassPath(Versions.JRE_IMAGE).tag()).as("same content, same tag")
        .isEqualTo(tag);
  }

  @Test
  void shouldChangeTheTagWhenAClassOrTheBaseImageChanges() {
    EchoImage image = EchoImage.fromClassPath(Versions.JRE_IMAGE);
    SortedMap<String, byte[]> changed = new TreeMap<>(image.files());
    byte[] main = changed.get(MAIN).clone();
    main[main.length - 1] ^= 1;
    changed.put(MAIN, main);
    assertThat(new EchoImage(image.baseImage(), changed).tag()).as("one byte of a class changed")
        .isNotEqualTo(image.tag());
    assertThat(EchoImage.fromClassPath("debian:bookworm").tag()).as("another base image")
        .isNotEqualTo(image.tag());
  }

  @Test
  void shouldReadTheEchoClassesFromTheJarAProjectDependsOn(@TempDir Path dir) throws Exception {
    SortedMap<String, byte[]> fromClassPath = EchoImage.fromClassPath(Versions.JRE_IMAGE).files();
    Path jar = dir.resolve("perf-suite-1.0.jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      put(out, "dev/perfsuite/echo/EchoBackendMain.class", fromClassPath.get(MAIN));
      put(out, "dev/perfsuite/backends/Backends.class", new byte[] {1, 2, 3});
      put(out, "dev/perfsuite/versions.properties", new byte[] {4});
    }
    SortedMap<String, byte[]> classes = EchoImage.echoClasses(jar);
    assertThat(classes.keySet()).as("what the image takes from a perf-suite jar")
        .containsExactly("dev/perfsuite/echo/EchoBackendMain.class",
            "dev/perfsuite/versions.properties");
    assertThat(classes.get("dev/perfsuite/echo/EchoBackendMain.class")).as("bytes")
        .isEqualTo(fromClassPath.get(MAIN));
  }

  private static void put(JarOutputStream out, String name, byte[] bytes) throws Exception {
    out.putNextEntry(new JarEntry(name));
    OutputStream stream = out;
    stream.write(bytes);
    out.closeEntry();
  }
}
