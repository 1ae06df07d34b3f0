package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Named targets, read from {@code targets/NAME.properties} on a throwaway classpath so that no
 * shared test resource is needed.
 */
class TargetTest {

  @TempDir
  Path classpath;

  private void targetFile(String name, String content) throws IOException {
    Path dir = Files.createDirectories(classpath.resolve("targets"));
    Files.writeString(dir.resolve(name + ".properties"), content);
  }

  /** Runs {@code action} with only {@link #classpath} visible to the context class loader. */
  private <T> T onClasspath(Supplier<T> action) {
    Thread thread = Thread.currentThread();
    ClassLoader original = thread.getContextClassLoader();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classpath.toUri().toURL()}, null)) {
      thread.setContextClassLoader(loader);
      return action.get();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      thread.setContextClassLoader(original);
    }
  }

  private PerfConfig configWithTarget(String name) {
    return onClasspath(() -> PerfConfig.from(
        new ConfigSource(Map.of("perf.target", name), Map.of(), Map.of())));
  }

  @Test
  void shouldBeLocalWithoutServicesByDefault() {
    Target target = PerfConfig.from(new ConfigSource(Map.of(), Map.of(), Map.of())).target();

    assertThat(target.isLocal()).isTrue();
    assertThat(target.services()).isEmpty();
  }

  @Test
  void shouldReadServiceUrlsOfNamedTarget() throws IOException {
    targetFile("loopback", """
        # a target on this machine
        echo.url = http://127.0.0.1:8688/echo
        gateway.url=https://localhost:8243
        gateway.note=not a url key, ignored
        """);

    Target target = configWithTarget("loopback").target();

    assertThat(target.name()).isEqualTo("loopback");
    assertThat(target.isLocal()).isFalse();
    assertThat(target.services()).containsOnlyKeys("echo", "gateway");
    assertThat(target.service("echo")).contains(URI.create("http://127.0.0.1:8688/echo"));
    assertThat(target.service("missing")).isEmpty();
  }

  @Test
  void shouldRejectUnknownTargetNamingFileToCreate() {
    assertThatThrownBy(() -> configWithTarget("staging"))
        .isInstanceOf(ConfigException.class)
        .as("unknown target names the key, value and the file that would define it")
        .hasMessageContaining("perf.target")
        .hasMessageContaining("'staging'")
        .hasMessageContaining("src/test/resources/targets/staging.properties")
        .hasMessageContaining("Fix: change -Dperf.target=");
  }

  @Test
  void shouldRejectUrlWithoutSchemeNamingKeyAndFile() throws IOException {
    targetFile("broken-url", "echo.url=localhost:8688/echo\n");

    assertThatThrownBy(() -> configWithTarget("broken-url"))
        .isInstanceOf(ConfigException.class)
        .as("scheme-less URL names the value, the key and the file")
        .hasMessageContaining("'localhost:8688/echo'")
        .hasMessageContaining("echo.url")
        .hasMessageContaining("targets/broken-url.properties")
        .hasMessageContaining("http(s) URL");
  }

  @Test
  void shouldRejectNonHttpSchemeAndMalformedUrl() throws IOException {
    targetFile("ftp", "files.url=ftp://example.com/\n");
    targetFile("spaces", "echo.url=http://exa mple.com/\n");

    assertThatThrownBy(() -> configWithTarget("ftp")).as("ftp scheme")
        .hasMessageContaining("'ftp://example.com/'");
    assertThatThrownBy(() -> configWithTarget("spaces")).as("space in host")
        .hasMessageContaining("'http://exa mple.com/'");
  }

  @Test
  void shouldReportBadTargetTogetherWithOtherBadKeys() throws IOException {
    targetFile("broken-url", "echo.url=nonsense\n");

    assertThatThrownBy(() -> onClasspath(() -> PerfConfig.from(new ConfigSource(
        Map.of("perf.target", "broken-url", "perf.threads", "-3"), Map.of(), Map.of()))))
        .as("target error collected with the others")
        .hasMessageContaining("echo.url")
        .hasMessageContaining("perf.threads");
  }
}
