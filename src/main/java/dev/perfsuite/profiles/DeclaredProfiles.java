package dev.perfsuite.profiles;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/** The profiles the {@link NamedProfiles} on the class path declare, checked for clashes. */
final class DeclaredProfiles {
  private final Map<String, LoadProfile> byName;

  private DeclaredProfiles(Map<String, LoadProfile> byName) {
    this.byName = byName;
  }

  static DeclaredProfiles discovered() {
    return Discovered.PROFILES;
  }

  static DeclaredProfiles of(Iterable<? extends NamedProfiles> declarations) {
    Map<String, LoadProfile> profiles = new LinkedHashMap<>();
    for (NamedProfiles declaration : declarations) {
      for (LoadProfile profile : declaration.profiles()) {
        String name = profile.name().toLowerCase(Locale.ROOT);
        if (Profiles.BUILT_IN.contains(name) || profiles.putIfAbsent(name, profile) != null) {
          throw new IllegalStateException("profile '" + name + "' is declared twice ("
              + declaration.getClass().getName() + "). Fix: name the system's profile "
              + "<system>-<shape>");
        }
      }
    }
    return new DeclaredProfiles(profiles);
  }

  List<String> names() {
    return new ArrayList<>(byName.keySet());
  }

  Optional<LoadProfile> named(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  private static final class Discovered {
    static final DeclaredProfiles PROFILES = of(ServiceLoader.load(NamedProfiles.class,
        NamedProfiles.class.getClassLoader()));
  }
}
