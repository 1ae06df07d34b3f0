package dev.perfsuite.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.engines.server.EngineDataStore;
import dev.perfsuite.jmx.JavaSources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An engine's store loads shipped plugin jars for its next test, or says which it cannot. */
class EnginePluginsTest {
  private static final String RUN = "run-token";
  @TempDir
  Path root;

  @Test
  void shouldRefuseAPluginJarItDoesNotHoldNamingIt() throws IOException {
    EngineDataStore store = EngineDataStore.local(root);
    assertThatThrownBy(() -> store.usePlugins(RUN, List.of("0123456789abcdef/absent-1.0.jar")))
        .as("a jar never shipped").isInstanceOf(IOException.class)
        .hasMessageContaining("0123456789abcdef/absent-1.0.jar")
        .hasMessageContaining("not held by this engine");
  }

  @Test
  void shouldRefuseAPluginJarThatIsNoZipNamingIt() throws IOException {
    EngineDataStore store = EngineDataStore.local(root);
    byte[] content = "not a zip".getBytes(StandardCharsets.UTF_8);
    String sha = HexFormat.of().formatHex(EngineDataStore.digest().digest(content));
    String name = sha.substring(0, 16) + "/broken-plugin-1.0.jar";
    long id = store.begin(RUN, name, sha, content.length);
    store.write(RUN, id, content);
    store.commit(RUN, id);

    assertThatThrownBy(() -> store.usePlugins(RUN, List.of(name))).as("a damaged jar")
        .isInstanceOf(IOException.class).hasMessageContaining("broken-plugin-1.0.jar")
        .hasMessageContaining("cannot be opened on this engine");
  }

  @Test
  void shouldAnswerNoPluginClassBeforeAnyJarIsLoaded() {
    ClassLoader loader = new EnginePlugins().loader();
    assertThatThrownBy(() -> Class.forName("kg.apc.jmeter.functions.Base64Encode", false,
        loader)).as("nothing shipped, nothing found").isInstanceOf(ClassNotFoundException.class);
    assertThat(loader.getParent()).as("the engine's class path comes first")
        .isSameAs(EnginePlugins.class.getClassLoader());
  }

  @Test
  void shouldKeepAnEarlierTestsPluginClassesLoadableInALaterTest() throws Exception {
    Path jar = pluginJar("a1", "probe-plugin-1.0.jar");
    EnginePlugins plugins = new EnginePlugins();
    ClassLoader loader = plugins.loader();

    plugins.use(List.of(jar));
    Class<?> first = Class.forName("perfsuite.probe.First", true, loader);
    plugins.release();
    plugins.use(List.of(jar));

    Class<?> again = Class.forName("perfsuite.probe.First", true, loader);
    assertThat(again).as("RMI's answer for the name stays the first test's class")
        .isSameAs(first);
    assertThat(again.getMethod("next").invoke(null)).as("a class it needs, first asked for in "
        + "the later test (a closed loader threw NoClassDefFoundError)")
        .hasToString("perfsuite.probe.Later");
  }

  @Test
  void shouldRefuseAnotherVersionOfAPluginAnEarlierTestLoaded() throws Exception {
    EnginePlugins plugins = new EnginePlugins();
    plugins.use(List.of(pluginJar("b1", "probe-plugin-1.0.jar")));
    Path newer = pluginJar("b2", "probe-plugin-1.1.jar");

    assertThatThrownBy(() -> plugins.use(List.of(newer))).as("a second version in one JVM")
        .isInstanceOf(IOException.class).hasMessageContaining("probe-plugin-1.1.jar")
        .hasMessageContaining("probe-plugin-1.0.jar").hasMessageContaining("restart the engine");
  }

  /** A jar {@code root/dir/name} holding {@code perfsuite.probe.First} and its nested class. */
  private Path pluginJar(String dir, String name) throws IOException {
    Path sources = root.resolve(dir).resolve("src");
    Path compiled = root.resolve(dir).resolve("classes");
    Files.createDirectories(sources);
    // First names a class of its own jar that loads only when next() runs, a test later.
    Path source = sources.resolve("First.java");
    Files.writeString(source, """
        package perfsuite.probe;
        public class First {
          public static Object next() {
            return new Later();
          }
          static final class Later {
            @Override
            public String toString() {
              return "perfsuite.probe.Later";
            }
          }
        }
        """);
    assertThat(JavaSources.compile(source, compiled)).as("compiler errors").isEmpty();
    Path jar = root.resolve(dir).resolve(name);
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      try (var files = Files.list(compiled.resolve("perfsuite/probe"))) {
        for (Path type : files.toList()) {
          out.putNextEntry(new JarEntry("perfsuite/probe/" + type.getFileName()));
          out.write(Files.readAllBytes(type));
          out.closeEntry();
        }
      }
    }
    return jar;
  }
}
