package dev.perfsuite.config;

import java.util.List;

/**
 * The configuration keys a system declares for its scenarios ({@code perf.<system>.*}), so the
 * suite validates, documents and serves them like its own without knowing the system.
 *
 * <p>Discovered with {@link java.util.ServiceLoader}: list the implementing class (public, with a
 * public no-argument constructor) in {@code META-INF/services/dev.perfsuite.config.ConfigKeys}
 * beside the scenarios. Scenarios read a value with {@link PerfConfig#value(SystemKey)}.
 */
public interface ConfigKeys {

  /** The keys, each under {@code perf.} and not a key of {@link ConfigKey}. */
  List<SystemKey<?>> keys();
}
