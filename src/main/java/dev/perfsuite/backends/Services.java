package dev.perfsuite.backends;

import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/**
 * The registry of service names a run knows. It holds the generic backends under their own names
 * ({@code echo}, {@code stubs}, {@code keycloak}) plus every name the {@link LocalServices} on the
 * classpath declare.
 *
 * @param byName every known service name, lower case, to the backend that serves it locally
 */
public record Services(Map<String, LocalBackend> byName) {

  public Services {
    byName = Collections.unmodifiableSortedMap(new TreeMap<>(byName));
  }

  /**
   * The generic backends plus the declarations on the suite's class path, read once. They are read
   * through the loader of main code, not the thread's, which a test may have swapped at that
   * moment.
   */
  public static Services discovered() {
    return Discovered.SERVICES;
  }

  /**
   * The generic backends plus these declarations.
   *
   * @throws IllegalStateException when two declarations give one name different backends
   */
  public static Services of(Iterable<? extends LocalServices> declarations) {
    Map<String, LocalBackend> names = new TreeMap<>();
    for (LocalBackend backend : LocalBackend.values()) {
      names.put(backend.name().toLowerCase(Locale.ROOT), backend);
    }
    for (LocalServices declaration : declarations) {
      declaration.services().forEach((name, backend) -> {
        String key = name.trim().toLowerCase(Locale.ROOT);
        LocalBackend earlier = names.putIfAbsent(key, backend);
        if (earlier != null && earlier != backend) {
          throw new IllegalStateException("service '" + key + "' is declared twice: served by "
              + earlier + " and by " + backend + " (" + declaration.getClass().getName()
              + "). Fix: give one of them another name");
        }
      });
    }
    return new Services(names);
  }

  /** The local backend serving {@code name}, if any (case-insensitive). */
  public Optional<LocalBackend> backend(String name) {
    return Optional.ofNullable(byName.get(name.trim().toLowerCase(Locale.ROOT)));
  }

  /**
   * The local backend serving {@code name}.
   *
   * @throws IllegalStateException naming the service and every known one
   */
  public LocalBackend require(String name) {
    return backend(name).orElseThrow(() -> new IllegalStateException("no local backend serves '"
        + name + "'; local services: " + String.join(", ", byName.keySet()) + ". Fix: use one of "
        + "them, or declare the service in a " + LocalServices.class.getName() + " listed under "
        + "META-INF/services"));
  }

  /** Every known service name, sorted. */
  public Set<String> names() {
    return byName.keySet();
  }

  private static final class Discovered {
    static final Services SERVICES = of(ServiceLoader.load(LocalServices.class,
        LocalServices.class.getClassLoader()));
  }
}
