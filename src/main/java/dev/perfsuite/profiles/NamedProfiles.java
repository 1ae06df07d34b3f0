package dev.perfsuite.profiles;

import java.util.List;

/**
 * The named profiles a system declares, typically its reference benchmark's full-scale runs, so
 * that {@code -Dperf.profile=<name>} selects them like a built-in profile.
 *
 * <p>Discovered with {@link java.util.ServiceLoader}: list the implementing class (public, with a
 * public no-argument constructor) in {@code META-INF/services/dev.perfsuite.profiles.NamedProfiles}
 * beside the scenarios. Names are lower case and unique across systems and built-in profiles.
 */
public interface NamedProfiles {

  /** The profiles, each under its {@link LoadProfile#name()}. */
  List<LoadProfile> profiles();
}
