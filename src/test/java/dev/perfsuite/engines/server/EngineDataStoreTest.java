package dev.perfsuite.engines.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An engine's data store bounds what controllers upload and trusts no file it did not check. */
class EngineDataStoreTest {
  private static final String RUN = "run-token";
  private static final byte[] ROW = "user1,pw1\n".getBytes(StandardCharsets.UTF_8);

  @TempDir
  Path root;

  @Test
  void shouldExpireAbandonedUploadsSoThatKilledControllersCannotBlockTheEngine()
      throws IOException {
    AtomicLong now = new AtomicLong();
    EngineDataStore store = EngineDataStore.local(root, now::get);
    String sha = sha256(ROW);
    // 64 controllers killed mid-upload: each left an upload open.
    for (int i = 0; i < 64; i++) {
      store.write(RUN, store.begin(RUN, sha.substring(0, 16) + "/users.csv", sha,
          ROW.length * 2L), ROW);
    }
    assertThatThrownBy(() -> store.begin(RUN, sha.substring(0, 16) + "/users.csv", sha, ROW.length))
        .as("every slot held").hasMessageContaining("64 uploads are in progress");

    now.addAndGet(EngineDataStore.UPLOAD_IDLE.toNanos());
    long id = store.begin(RUN, sha.substring(0, 16) + "/users.csv", sha, ROW.length);
    store.write(RUN, id, ROW);
    store.commit(RUN, id);

    assertThat(store.holds(sha.substring(0, 16) + "/users.csv", sha))
        .as("the next controller's upload, once the abandoned ones expired").isTrue();
    try (Stream<Path> parts = Files.list(root.resolve(".incoming"))) {
      assertThat(parts).as("the abandoned uploads' partial files are gone").isEmpty();
    }
  }

  @Test
  void shouldRefuseAFileOverTheLimitNamingTheLimitAndTheOption() throws IOException {
    EngineDataStore store = EngineDataStore.local(root);
    String sha = sha256(ROW);

    assertThatThrownBy(() -> store.begin(RUN, sha.substring(0, 16) + "/huge.csv", sha, 3L << 30))
        .as("a 3 GiB file").isInstanceOf(IOException.class).hasMessageContaining("huge.csv")
        .hasMessageContaining("limit per file, 2147483648 bytes")
        .hasMessageContaining("-D" + EngineDataStore.MAX_FILE_OPTION + "=2048");
  }

  @Test
  void shouldRefuseAPluginJarSwappedAfterItWasReceived() throws IOException {
    EngineDataStore store = EngineDataStore.local(root);
    byte[] jar = jar("shipped.txt");
    String sha = sha256(jar);
    String name = sha.substring(0, 16) + "/probe-plugin-1.0.jar";
    long id = store.begin(RUN, name, sha, jar.length);
    store.write(RUN, id, jar);
    store.commit(RUN, id);
    // A local user who can write the data directory replaces the checked jar.
    Files.write(root.resolve(name), jar("swapped.txt"));

    assertThatThrownBy(() -> store.usePlugins(RUN, List.of(name))).as("the swapped jar")
        .isInstanceOf(IOException.class).hasMessageContaining("probe-plugin-1.0.jar")
        .hasMessageContaining("changed on this engine since it was received");
  }

  @Test
  void shouldRefuseAnUploadWithAnotherTokenWhileARunHoldsTheEngine() throws IOException {
    RunOwnership ownership = new RunOwnership();
    AtomicBoolean active = new AtomicBoolean();
    EngineDataStore store = EngineDataStore.local(root, System::nanoTime,
        (token, call) -> ownership.admitUpload(token, active::get, call));
    ownership.claim(RUN, () -> false);
    active.set(true);
    String sha = sha256(ROW);
    String name = sha.substring(0, 16) + "/users.csv";

    assertThatThrownBy(() -> store.begin("another-run", name, sha, ROW.length))
        .as("another controller's upload while the run holds the engine")
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("refused the upload of "
            + name).hasMessageContaining("Fix:");
    assertThatThrownBy(() -> store.begin(null, name, sha, ROW.length))
        .as("an upload without a token").isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> store.usePlugins("another-run", List.of()))
        .as("another controller's plugins while the run holds the engine")
        .isInstanceOf(IllegalStateException.class);
    long id = store.begin(RUN, name, sha, ROW.length);
    assertThatThrownBy(() -> store.write("another-run", id, ROW))
        .as("a chunk for the run's upload from another controller")
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("upload " + id);
    assertThatThrownBy(() -> store.abort("another-run", id))
        .as("another controller aborting the run's upload")
        .isInstanceOf(IllegalStateException.class);
    store.write(RUN, id, ROW);
    store.commit(RUN, id);
    assertThat(store.holds(name, sha)).as("the run's own upload").isTrue();

    active.set(false);
    long next = store.begin("another-run", name, sha, ROW.length);
    store.abort("another-run", next);
  }

  private static byte[] jar(String entry) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (JarOutputStream out = new JarOutputStream(bytes)) {
      out.putNextEntry(new JarEntry(entry));
      out.write(entry.getBytes(StandardCharsets.UTF_8));
      out.closeEntry();
    }
    return bytes.toByteArray();
  }

  private static String sha256(byte[] content) {
    return HexFormat.of().formatHex(EngineDataStore.digest().digest(content));
  }
}
