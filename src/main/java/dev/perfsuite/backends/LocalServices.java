package dev.perfsuite.backends;

import java.util.Map;

/**
 * What a system declares about its services. Each name its scenarios pass to
 * {@code PerfSession.service(name)} maps to the local backend that serves it when
 * {@code perf.target=local} (a named target's file gives {@code <name>.url} instead).
 *
 * <p>Discovered with {@link java.util.ServiceLoader}: list the implementing class (public, with a
 * public no-argument constructor) in {@code META-INF/services/dev.perfsuite.backends.LocalServices}
 * beside the scenarios, e.g. under {@code src/test/resources}.
 */
public interface LocalServices {

  /** Service name to the backend standing in for it, e.g. {@code gateway -> ECHO}. */
  Map<String, LocalBackend> services();
}
