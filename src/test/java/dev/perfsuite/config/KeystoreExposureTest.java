package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** A run warns when the RMI keystore lies inside the work tree or open to other local users. */
@DisabledOnOs(value = OS.WINDOWS, disabledReason = "POSIX permissions")
class KeystoreExposureTest {
  @TempDir
  Path temp;

  @Test
  void shouldWarnWhenTheKeystoreLiesInsideTheWorkTree() throws IOException {
    Path tree = Files.createDirectories(temp.resolve("project/.git")).getParent();
    Path keystore = privateFile(tree.resolve("rmi_keystore.jks"));

    List<String> problems = KeystoreExposure.problems(keystore, tree);

    assertThat(problems).as("warnings for a keystore in the work tree").singleElement()
        .asString().contains("inside the work tree", keystore.toRealPath().toString(),
            "Fix: keep it outside the repository");
  }

  @Test
  void shouldWarnWhenGroupOrOthersMayReadTheKeystore() throws IOException {
    Path tree = Files.createDirectories(temp.resolve("project/.git")).getParent();
    Path keystore = Files.createDirectories(temp.resolve("keys")).resolve("rmi_keystore.jks");
    Files.writeString(keystore, "key");
    Files.setPosixFilePermissions(keystore, PosixFilePermissions.fromString("rw-r--r--"));

    assertThat(KeystoreExposure.problems(keystore, tree)).as("warnings for a 0644 keystore")
        .singleElement().asString().contains("rw-r--r--", "Fix: chmod 600");
  }

  @Test
  void shouldStayQuietForAPrivateKeystoreOutsideTheWorkTree() throws IOException {
    Path tree = Files.createDirectories(temp.resolve("project/.git")).getParent();
    Path keystore = privateFile(Files.createDirectories(temp.resolve("keys"))
        .resolve("rmi_keystore.jks"));

    assertThat(KeystoreExposure.problems(keystore, tree)).as("warnings for a kept keystore")
        .isEmpty();
  }

  private static Path privateFile(Path file) throws IOException {
    Files.writeString(file, "key");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    return file;
  }
}
