package dev.perfsuite.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

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
   * Every secret value this JVM read, generated or extracted, by value. JVM-wide on purpose, not
   * per session: each value is process-wide (read from this process's environment or a file it
   * names, or a credential a local backend of this process generated), and any output of the
   * process (a JTL, a report, a backend's log tail, a second session's run) may echo it. Masking
   * another session's value costs nothing; missing one leaks it. TwoSessionsIT shows two sessions
   * share it.
   */
  private static final Map<String, Held> SEEN = new ConcurrentHashMap<>();
  /** The values as they are, to find inside decoded Base64 ({@link SecretForms#maskBase64}). */
  private static final MaskIndex VALUES = new MaskIndex();
  /** Every spelling of every value ({@link SecretForms}); {@link #mask} runs once per sample. */
  private static final MaskIndex FORMS = new MaskIndex();
  /** How many held values share each spelling, guarded by SEEN's registration lock. */
  private static final Map<String, Integer> FORM_USERS = new HashMap<>();
  private static final Object LOCK = new Object();
  /**
   * Most values extracted at run time kept at once ({@value}): past it, the least recently
   * registered tenth is dropped. A value still in use is registered again by every sample that
   * extracts or holds it, so it stays.
   */
  static final int MAX_EXTRACTED = 100_000;
  private static int maxExtracted = MAX_EXTRACTED;
  private static final AtomicLong FORMS_BUILT = new AtomicLong();
  private static int extracted;
  /** Base64 tokens shorter than this cannot hold a value: the shortest value's encoding. */
  private static volatile int shortestBase64 = Integer.MAX_VALUE;

  /** A value held for masking: its spellings, when last registered, and whether it may go. */
  private static final class Held {
    private final Set<String> forms;
    private volatile boolean pinned;
    private volatile long used;

    Held(Set<String> forms, boolean pinned, long used) {
      this.forms = forms;
      this.pinned = pinned;
      this.used = used;
    }
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
    if (text == null || text.length() < MaskIndex.WINDOW || VALUES.size() == 0) {
      return text;
    }
    // Base64 tokens first, whole: Base64 of "id:" + secret may end in the secret's own Base64.
    String masked = SecretForms.maskBase64(text, shortestBase64, VALUES::occursIn);
    // Every stretch any spelling covers, overlaps merged: no tail of a longer secret stays.
    return FORMS.mask(masked);
  }

  /**
   * Registers a value generated for the run (a signed token, a generated password) for masking;
   * it stays masked for the JVM's life. Costs the new value's spellings only.
   */
  public static void registerGenerated(String value) {
    register(value, true);
  }

  /**
   * Registers a value a plan extracted at run time ({@code perf.secrets.variables}) for masking.
   * Called per sample: a value held already costs a map look-up. At most {@value #MAX_EXTRACTED}
   * such values are kept; past that, those registered least recently are dropped, and a dropped
   * value that reappears in later outputs is no longer masked there.
   */
  public static void registerExtracted(String value) {
    register(value, false);
  }

  /** Spellings built since this JVM started (one {@link SecretForms#of} per new value). */
  static long formsBuilt() {
    return FORMS_BUILT.get();
  }

  /** Sets the bound of {@link #MAX_EXTRACTED} to {@code most} (for tests of the bound). */
  static void boundExtracted(int most) {
    synchronized (LOCK) {
      maxExtracted = most;
    }
  }

  /** Values held now, for tests of the bound. */
  static int held() {
    return SEEN.size();
  }

  private static void register(String value, boolean pinned) {
    if (value == null || value.length() < MaskIndex.WINDOW) {
      return;
    }
    Held known = SEEN.get(value);
    if (known != null) {
      known.used = System.nanoTime();
      if (pinned && !known.pinned) {
        synchronized (LOCK) {
          if (!known.pinned) {
            extracted--;
            known.pinned = true;
          }
        }
      }
      return;
    }
    Set<String> forms = SecretForms.of(value);
    FORMS_BUILT.incrementAndGet();
    synchronized (LOCK) {
      if (SEEN.containsKey(value)) {
        return;
      }
      for (String form : forms) {
        if (FORM_USERS.merge(form, 1, Integer::sum) == 1) {
          FORMS.add(form);
        }
      }
      VALUES.add(value);
      shortestBase64 = Math.min(shortestBase64, (value.length() * 4 + 2) / 3);
      SEEN.put(value, new Held(forms, pinned, System.nanoTime()));
      if (!pinned && ++extracted > maxExtracted) {
        dropLeastRecent();
      }
    }
  }

  /** Drops the tenth of the extracted values registered least recently; holds LOCK. */
  private static void dropLeastRecent() {
    List<Map.Entry<String, Held>> oldest = SEEN.entrySet().stream()
        .filter(e -> !e.getValue().pinned)
        .sorted(Comparator.comparingLong(e -> e.getValue().used))
        .limit(Math.max(1, maxExtracted / 10)).toList();
    for (Map.Entry<String, Held> entry : oldest) {
      SEEN.remove(entry.getKey());
      VALUES.remove(entry.getKey());
      for (String form : entry.getValue().forms) {
        if (FORM_USERS.merge(form, -1, Integer::sum) == 0) {
          FORM_USERS.remove(form);
          FORMS.remove(form);
        }
      }
      extracted--;
    }
    VALUES.refilter();
    FORMS.refilter();
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
