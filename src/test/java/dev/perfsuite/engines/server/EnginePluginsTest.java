package dev.perfsuite.engines.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An engine's store loads shipped plugin jars for its next test, or says which it cannot. */
class EnginePluginsTest {
  @TempDir
  Path root;

  @Test
  void shouldRefuseAPluginJarItDoesNotHoldNamingIt() throws IOException {
    EngineDataStore store = EngineDataStore.local(root);
    assertThatThrownBy(() -> store.usePlugins(List.of("0123456789abcdef/absent-1.0.jar")))
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
    long id = store.begin(name, sha, content.length);
    store.write(id, content);
    store.commit(id);

    assertThatThrownBy(() -> store.usePlugins(List.of(name))).as("a damaged jar")
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
}
