package dev.perfsuite.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells where an RMI keystore lies open: inside the git work tree, or readable by group or others.
 *
 * <p>The keystore holds the private key every engine and the controller share, so whoever reads
 * it can pose as either side. {@code *.jks} and {@code *.p12} are git-ignored, but a copy under
 * another name, or a {@code git add -f}, is not; hence the warning even for ignored files.
 * Permissions are checked where the file system is POSIX only.
 */
public final class KeystoreExposure {
  private static final Logger LOG = LoggerFactory.getLogger(KeystoreExposure.class);
  private static final Set<PosixFilePermission> OPEN = Set.of(PosixFilePermission.GROUP_READ,
      PosixFilePermission.OTHERS_READ, PosixFilePermission.GROUP_WRITE,
      PosixFilePermission.OTHERS_WRITE);

  private KeystoreExposure() {
  }

  /**
   * Warns about each way {@code keystore} lies open, against the git work tree around user.dir.
   * A keystore that does not exist is left to the caller's own check.
   *
   * @return the warnings logged, none for a keystore kept well
   */
  public static List<String> warn(Path keystore) {
    List<String> problems = problems(keystore, Secrets.workTree(Path.of("").toAbsolutePath()));
    problems.forEach(LOG::warn);
    return problems;
  }

  /** The ways {@code keystore} lies open, each a sentence naming the path and the fix. */
  static List<String> problems(Path keystore, Path workTree) {
    List<String> problems = new ArrayList<>();
    if (!Files.isRegularFile(keystore)) {
      return problems;
    }
    Path file = real(keystore.toAbsolutePath().normalize());
    Path tree = real(workTree.toAbsolutePath().normalize());
    if (Files.exists(tree.resolve(".git")) && file.startsWith(tree)) {
      problems.add("RMI keystore " + file + " lies inside the work tree " + tree + ", where a "
          + "commit may carry its private key. Fix: keep it outside the repository (e.g. "
          + "~/.perf-suite/rmi_keystore.jks, chmod 600) and set perf.rmi.keystore (engines: "
          + "--keystore) to it");
    }
    try {
      Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
      if (permissions.stream().anyMatch(OPEN::contains)) {
        problems.add("RMI keystore " + file + " is readable or writable by group or others ("
            + PosixFilePermissions.toString(permissions) + "). Fix: chmod 600 " + file);
      }
    } catch (UnsupportedOperationException | IOException e) {
      // Not a POSIX file system (Windows): its ACLs are the operator's to check.
    }
    return problems;
  }

  private static Path real(Path path) {
    try {
      return path.toRealPath();
    } catch (IOException e) {
      return path;
    }
  }
}
