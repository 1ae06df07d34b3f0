package dev.perfsuite.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Where {@code bench/install-peers} put the peer tools: versions from {@code bench/peers.env},
 * Vegeta and Locust under the cache directory ({@code bench.peers.cache}, default
 * {@code $XDG_CACHE_HOME/perf-suite} or {@code ~/.cache/perf-suite}), and each install's status
 * and log under {@code install/} there, so a missing peer's gap row can say why.
 */
final class PeerInstalls {
  private static final Path VERSIONS = Path.of("bench", "peers.env");

  private PeerInstalls() {
  }

  static Path cache() {
    String explicit = System.getProperty("bench.peers.cache");
    if (explicit != null) {
      return Path.of(explicit);
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    return (xdg != null && !xdg.isBlank() ? Path.of(xdg)
        : Path.of(System.getProperty("user.home"), ".cache")).resolve("perf-suite");
  }

  /** A pinned version from {@code bench/peers.env}, e.g. {@code VEGETA_VERSION}. */
  static String version(String key) {
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(VERSIONS)) {
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + VERSIONS + " (run from the repository "
          + "root)", e);
    }
    String v = p.getProperty(key);
    if (v == null) {
      throw new IllegalStateException(VERSIONS + " has no " + key);
    }
    return v.strip();
  }

  /**
   * The Vegeta binary: {@code bench.vegeta} when set, else the cached build of the pinned
   * version.
   */
  static Path vegeta() {
    return Path.of(System.getProperty("bench.vegeta", cache().resolve("vegeta")
        .resolve(version("VEGETA_VERSION")).resolve("bin").resolve("vegeta").toString()));
  }

  /** The {@code locust} script of the venv holding the pinned Locust version. */
  static Path locust() {
    return cache().resolve("locust").resolve(version("LOCUST_VERSION")).resolve("venv")
        .resolve("bin").resolve("locust");
  }

  static Path logOf(String peer) {
    return cache().resolve("install").resolve(peer + ".log");
  }

  /** The install's last state as install-peers wrote it: running, ok, failed, or none. */
  static String status(String peer) {
    try {
      Path file = cache().resolve("install").resolve(peer + ".status");
      return Files.exists(file) ? Files.readString(file).strip() : "none";
    } catch (IOException e) {
      return "unreadable";
    }
  }

  /** Why an installed-binary peer is missing, naming the install's state and log. */
  static String gapOf(String peer, Path binary) {
    String state = status(peer);
    return Map.of(
        "running", "install still running in the background when the bench started",
        "failed", "install failed",
        "none", "not installed (bench/install-peers was not run)")
        .getOrDefault(state, "install state " + state) + "; expected " + binary + "; log "
        + logOf(peer);
  }

  static Optional<Path> executable(Path binary) {
    return Files.isExecutable(binary) ? Optional.of(binary) : Optional.empty();
  }
}
