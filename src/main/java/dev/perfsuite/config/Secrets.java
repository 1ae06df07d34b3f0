package dev.perfsuite.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads secrets from the environment or from files outside the repository, never from system
 * properties or perf.properties. Every value read is remembered so writers can mask it.
 *
 * <p>{@code PERF_X_PASSWORD} holds the value itself; {@code PERF_X_PASSWORD_FILE} names a file
 * holding it (trailing newline ignored), which must lie outside the project's git work tree so
 * that it can never be committed.
 */
public final class Secrets {
  private static final Set<String> SUFFIXES =
      Set.of("_PASSWORD", "_SECRET", "_SECRET_KEY", "_TOKEN", "_API_KEY", "_CLIENT_SECRET");
  /**
   * Every secret value this JVM read or generated. JVM-wide on purpose, not per session: each
   * value is process-wide (read from this process's environment or a file it names, or a
   * credential a local backend of this process generated), and any output of the process (a
   * JTL, a report, a backend's log tail, a second session's run) may echo it. Masking another
   * session's value costs nothing; missing one leaks it. TwoSessionsIT shows two sessions share
   * it.
   */
  private static final Set<String> SEEN = ConcurrentHashMap.newKeySet();
  /**
   * Every spelling of every value of SEEN ({@link SecretForms}), longest first, rebuilt on
   * registration: {@link #mask} runs once per sample.
   */
  private static volatile Masks masks = new Masks(List.of(), List.of(), Integer.MAX_VALUE);
  private static final Comparator<String> BY_LENGTH_DESCENDING =
      Comparator.comparingInt(String::length).reversed();

  /** The values, their spellings and the shortest Base64 token worth decoding. */
  private record Masks(List<String> values, List<String> forms, int shortestBase64) {
  }

  private final Map<String, String> environment;
  private final Path projectDirectory;

  Secrets(Map<String, String> environment, Path projectDirectory) {
    this.environment = Map.copyOf(environment);
    this.projectDirectory = projectDirectory.toAbsolutePath().normalize();
  }

  /** Secrets of this JVM's environment, checked against the git work tree around user.dir. */
  public static Secrets fromEnvironment() {
    return new Secrets(System.getenv(), workTree(Path.of("").toAbsolutePath()));
  }

  /** True for environment names that hold secrets, e.g. {@code PERF_ADMIN_PASSWORD(_FILE)}. */
  static boolean isSecretName(String env) {
    String name = env.toUpperCase(Locale.ROOT);
    String bare = name.endsWith("_FILE") ? name.substring(0, name.length() - 5) : name;
    return SUFFIXES.stream().anyMatch(bare::endsWith);
  }

  /**
   * The secret named {@code name}, from the variable itself or from {@code name_FILE}.
   *
   * @throws ConfigException when neither is set, the name is not a secret name, or the file is
   *     inside the repository or unreadable
   */
  public Secret required(String name) {
    return optional(name).orElseThrow(() -> new ConfigException("secret " + name
        + " is not set. Fix: export " + name + "=... or " + name
        + "_FILE=/path/outside/the/repository (secrets are never read from -D or "
        + "perf.properties)"));
  }

  /** The secret if set, else empty; same rules as {@link #required(String)}. */
  public Optional<Secret> optional(String name) {
    if (!isSecretName(name)) {
      throw new ConfigException("'" + name + "' is not a secret name; secret variables end with "
          + String.join(", ", SUFFIXES));
    }
    String direct = environment.get(name);
    if (direct != null && !direct.isEmpty()) {
      return Optional.of(remember(new Secret(name, direct)));
    }
    String file = environment.get(name + "_FILE");
    if (file == null || file.isEmpty()) {
      return Optional.empty();
    }
    Path path = Path.of(file).toAbsolutePath().normalize();
    if (path.startsWith(projectDirectory)
        || realPath(path).startsWith(realPath(projectDirectory))) {
      throw new ConfigException("secret file " + path + " (from " + name + "_FILE) is inside the "
          + "repository " + projectDirectory + ". Fix: move it outside the work tree.");
    }
    try {
      String value = Files.readString(path, StandardCharsets.UTF_8).strip();
      return Optional.of(remember(new Secret(name, value)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read secret file named by " + name + "_FILE", e);
    }
  }

  /**
   * Replaces every secret value read or registered so far in this JVM with {@code ****}. Each of
   * its encoded spellings is replaced too: URL-encoded, Base64 (also inside a longer encoded
   * value such as {@code Basic base64(id:secret)}), JSON-, CSV- and HTML-escaped. Values from any
   * session count; every writer of results, reports and console lines calls it on the text it
   * writes.
   */
  public static String mask(String text) {
    Masks current = masks;
    if (text == null || current.values().isEmpty() || text.length() < 4) {
      return text;
    }
    // Base64 tokens first, whole: Base64 of "id:" + secret may end in the secret's own Base64.
    String masked = SecretForms.maskBase64(text, current.shortestBase64(), Secrets::holdsValue);
    // Longest first: a secret containing a shorter one must not leave its tail visible.
    for (String form : current.forms()) {
      if (masked.contains(form)) {
        masked = masked.replace(form, "****");
      }
    }
    return masked;
  }

  /** Whether {@code text} holds a registered value as it is. */
  private static boolean holdsValue(String text) {
    for (String value : masks.values()) {
      if (text.contains(value)) {
        return true;
      }
    }
    return false;
  }

  /** Registers a value generated at run time (a signed token, a generated password) for masking. */
  public static void registerGenerated(String value) {
    if (value == null || value.length() < 4 || SEEN.contains(value)) {
      return;
    }
    synchronized (SEEN) {
      if (SEEN.add(value)) {
        List<String> values = SEEN.stream().sorted(BY_LENGTH_DESCENDING).toList();
        List<String> forms = values.stream().flatMap(v -> SecretForms.of(v).stream())
            .distinct().sorted(BY_LENGTH_DESCENDING).toList();
        int shortest = values.get(values.size() - 1).length();
        masks = new Masks(values, forms, (shortest * 4 + 2) / 3);
      }
    }
  }

  private static Secret remember(Secret secret) {
    registerGenerated(secret.reveal());
    return secret;
  }

  /** The path with links resolved, so a link outside the work tree to a file inside is caught. */
  private static Path realPath(Path path) {
    try {
      return path.toRealPath();
    } catch (IOException e) {
      return path;
    }
  }

  /** The nearest folder at or above {@code start} holding {@code .git}, else {@code start}. */
  static Path workTree(Path start) {
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      if (Files.exists(dir.resolve(".git"))) {
        return dir;
      }
    }
    return start;
  }
}
