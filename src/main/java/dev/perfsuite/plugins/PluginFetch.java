package dev.perfsuite.plugins;

import dev.perfsuite.config.Versions;
import java.io.File;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Fetches plugin artifacts through Maven, the user's {@code mvn} and settings. The local repository
 * is the cache; {@link PluginFunctions} makes their functions known to JMeter for a run.
 *
 * <p>The class path of a set of artifacts is kept in {@code target/jmx-plugins/}, under the
 * SHA-256 of the set's coordinates: a later run with the same set starts no Maven while every jar
 * it lists is still there. JMeter's own jars are
 * excluded (the suite has them), and jars already on the suite's class path are left out, so the
 * suite's versions win.
 */
public final class PluginFetch {
  static final Path CACHE = Path.of("target", "jmx-plugins");
  private static final long MAVEN_MINUTES = 5;

  private PluginFetch() {
  }

  /**
   * The jars of {@code artifacts} and their dependencies, fetched when not cached.
   *
   * @param plan the plan that needs them, named in errors
   * @param artifacts {@code groupId:artifactId:version} each
   * @throws IOException naming the plan, the artifacts, Maven's last lines and the fix
   */
  public static List<Path> jars(Path plan, Set<String> artifacts) throws IOException {
    Path listing = CACHE.resolve(key(artifacts) + ".classpath").toAbsolutePath();
    try {
      if (!cached(listing)) {
        resolve(plan, artifacts, listing);
      }
      Set<String> suite = Set.copyOf(Arrays.stream(System.getProperty("java.class.path")
          .split(File.pathSeparator)).map(p -> Path.of(p).getFileName().toString()).toList());
      List<Path> jars = new ArrayList<>();
      for (String entry : Files.readString(listing).trim().split(File.pathSeparator)) {
        Path jar = Path.of(entry);
        if (!entry.isBlank() && !suite.contains(jar.getFileName().toString())) {
          jars.add(jar);
        }
      }
      return jars;
    } catch (FetchFailed e) {
      throw e;
    } catch (IOException e) {
      throw new FetchFailed(plan + ": plugins " + artifacts + " could not be fetched: " + e
          + ". Fix: check Maven's access to the repository, or -Dperf.jmx.plugins=off and add "
          + "them as test dependencies.", e);
    }
  }

  /**
   * The cache entry of a set of artifacts: the SHA-256 of its sorted coordinates (lower-case hex,
   * 64 characters). Two sets share an entry only when they are the same set.
   */
  static String key(Set<String> artifacts) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      byte[] coordinates = String.join("\n", new TreeSet<>(artifacts))
          .getBytes(StandardCharsets.UTF_8);
      return HexFormat.of().formatHex(digest.digest(coordinates));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /** A fetch that failed with its message already naming plan, artifacts and fix. */
  private static final class FetchFailed extends IOException {
    private static final long serialVersionUID = 1L;

    FetchFailed(String message) {
      super(message);
    }

    FetchFailed(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private static boolean cached(Path listing) throws IOException {
    if (!Files.isRegularFile(listing)) {
      return false;
    }
    for (String entry : Files.readString(listing).trim().split(File.pathSeparator)) {
      if (!entry.isBlank() && !Files.isRegularFile(Path.of(entry))) {
        return false;
      }
    }
    return true;
  }

  /** Runs maven-dependency-plugin's {@code build-classpath} (pinned) on a generated pom. */
  private static void resolve(Path plan, Set<String> artifacts, Path listing) throws IOException {
    Path dir = Files.createDirectories(listing.getParent().resolve(listing.getFileName()
        .toString().replace(".classpath", "")));
    StringBuilder deps = new StringBuilder();
    for (String artifact : artifacts) {
      String[] gav = artifact.split(":");
      deps.append("<dependency><groupId>").append(gav[0]).append("</groupId><artifactId>")
          .append(gav[1]).append("</artifactId><version>").append(gav[2]).append("</version>")
          .append("<exclusions><exclusion><groupId>org.apache.jmeter</groupId><artifactId>*")
          .append("</artifactId></exclusion></exclusions></dependency>");
    }
    Files.writeString(dir.resolve("pom.xml"), "<project xmlns=\"http://maven.apache.org/POM/"
        + "4.0.0\"><modelVersion>4.0.0</modelVersion><groupId>perf-suite</groupId>"
        + "<artifactId>jmx-plugins</artifactId><version>1</version><dependencies>" + deps
        + "</dependencies></project>", StandardCharsets.UTF_8);
    Path log = dir.resolve("maven.log");
    ProcessBuilder maven = new ProcessBuilder(mavenCommand(), "-B", "-q", "-f",
        dir.resolve("pom.xml").toString(),
        // Fully qualified: the generated pom pins no plugin, and a prefix would resolve the
        // newest version from the remote's metadata (or nothing, offline).
        "org.apache.maven.plugins:maven-dependency-plugin:" + Versions.DEPENDENCY_PLUGIN
            + ":build-classpath",
        "-Dmdep.outputFile=" + listing, "-Dmdep.includeScope=runtime")
        .redirectErrorStream(true).redirectOutput(log.toFile());
    try {
      Process process = maven.start();
      if (!process.waitFor(MAVEN_MINUTES, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new FetchFailed(plan + ": Maven took over " + MAVEN_MINUTES + " min to fetch "
            + artifacts + " (log: " + log + "). Fix: fetch them once by hand, or "
            + "-Dperf.jmx.plugins=off and add them as test dependencies.");
      }
      if (process.exitValue() != 0 || !Files.isRegularFile(listing)) {
        List<String> lines = Files.readAllLines(log);
        throw new FetchFailed(plan + ": Maven could not fetch " + artifacts + ": "
            + String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()))
            + " (log: " + log + "). Fix: make the artifact reachable from Maven's repository "
            + "(settings.xml mirror), or -Dperf.jmx.plugins=off and add a version that is as a "
            + "test dependency.");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      InterruptedIOException interrupted = new InterruptedIOException(plan
          + ": interrupted while fetching " + artifacts);
      interrupted.initCause(e);
      throw interrupted;
    }
  }

  private static String mavenCommand() {
    return System.getProperty("os.name", "").toLowerCase().contains("win") ? "mvn.cmd" : "mvn";
  }
}
