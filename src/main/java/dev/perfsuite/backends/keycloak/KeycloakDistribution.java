package dev.perfsuite.backends.keycloak;

import dev.perfsuite.backends.BackendException;
import dev.perfsuite.config.Versions;
import dev.perfsuite.files.DirectoryTree;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Keycloak server distribution ({@code keycloak-quarkus-dist} zip), unpacked once per machine
 * into the cache directory and reused by every later run.
 *
 * <p>Unpacking goes to a temporary directory beside the target and ends with an atomic rename,
 * so a half-unpacked tree is never mistaken for a complete one, and two JVMs racing both end up
 * using the winner's copy. Keycloak writes its augmentation result ({@code lib/quarkus}) into the
 * tree on first start, which is why the second start is much faster.
 */
final class KeycloakDistribution {
  private static final Logger LOG = LoggerFactory.getLogger(KeycloakDistribution.class);
  static final String VERSION = Versions.KEYCLOAK;
  static final String ZIP_NAME = "keycloak-quarkus-dist-" + VERSION + ".zip";
  private static final String TOP_DIRECTORY = "keycloak-" + VERSION;

  private KeycloakDistribution() {
  }

  /**
   * The unpacked distribution {@code <cacheDirectory>/keycloak-<version>}, unpacked on first use.
   *
   * @throws BackendException when the zip is in neither {@code target/backends/} nor the local
   *     Maven repository
   */
  static synchronized Path unpacked(Path cacheDirectory) {
    Path home = cacheDirectory.resolve(TOP_DIRECTORY).toAbsolutePath();
    if (Files.isRegularFile(home.resolve("bin/kc.sh"))) {
      return home;
    }
    Path zip = locateZip();
    Path temporary = null;
    try {
      Files.createDirectories(cacheDirectory);
      temporary = Files.createTempDirectory(cacheDirectory, TOP_DIRECTORY + ".unpacking-");
      unzip(zip, temporary);
      Path unpacked = temporary.resolve(TOP_DIRECTORY);
      makeScriptsExecutable(unpacked.resolve("bin"));
      try {
        Files.move(unpacked, home, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
        // Another JVM won the race; its copy is complete because it was renamed atomically.
      } catch (AtomicMoveNotSupportedException e) {
        throw new BackendException("cannot rename " + unpacked + " to " + home + " atomically: "
            + "put perf.cache.dir on a local file system", e);
      }
      return home;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot unpack " + zip + " into " + cacheDirectory, e);
    } finally {
      DirectoryTree.deleteQuietly(temporary, "partly unpacked Keycloak distribution");
    }
  }

  /** The distribution zip copied by Maven, else the one in the local Maven repository. */
  static Path locateZip() {
    Path copied = Path.of("target", "backends", ZIP_NAME).toAbsolutePath();
    Path repository = Path.of(System.getProperty("maven.repo.local",
        Path.of(System.getProperty("user.home"), ".m2", "repository").toString()));
    Path cached = repository.resolve(Path.of("org", "keycloak", "keycloak-quarkus-dist", VERSION,
        ZIP_NAME)).toAbsolutePath();
    for (Path candidate : List.of(copied, cached)) {
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    throw new BackendException("Keycloak (embedded): distribution zip " + ZIP_NAME + " found "
        + "neither at " + copied + " nor at " + cached + ". Fix: run `mvn generate-resources` in "
        + "the project (copies it to target/backends/), or `mvn dependency:get "
        + "-Dartifact=org.keycloak:keycloak-quarkus-dist:" + VERSION + ":zip`");
  }

  private static void unzip(Path zip, Path target) throws IOException {
    try (ZipFile archive = new ZipFile(zip.toFile())) {
      Enumeration<? extends ZipEntry> entries = archive.entries();
      while (entries.hasMoreElements()) {
        ZipEntry entry = entries.nextElement();
        Path destination = target.resolve(entry.getName()).normalize();
        if (!destination.startsWith(target)) {
          throw new IOException("zip entry escapes the target directory: " + entry.getName());
        }
        if (entry.isDirectory()) {
          Files.createDirectories(destination);
          continue;
        }
        Files.createDirectories(destination.getParent());
        try (InputStream in = archive.getInputStream(entry)) {
          Files.copy(in, destination, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  /** Java's zip reader drops Unix modes; the launch scripts need their execute bit back. */
  private static void makeScriptsExecutable(Path bin) throws IOException {
    try (Stream<Path> files = Files.walk(bin)) {
      for (Path script : files.filter(p -> p.toString().endsWith(".sh")).toList()) {
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(script);
        permissions.add(PosixFilePermission.OWNER_EXECUTE);
        permissions.add(PosixFilePermission.GROUP_EXECUTE);
        permissions.add(PosixFilePermission.OTHERS_EXECUTE);
        Files.setPosixFilePermissions(script, permissions);
      }
    }
  }
}
