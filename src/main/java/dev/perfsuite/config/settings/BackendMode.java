package dev.perfsuite.config.settings;

/** Who starts the local backends ({@code perf.backends}). */
public enum BackendMode {
  /** Testcontainers when a Docker engine answers, otherwise embedded; the choice is printed. */
  AUTO,
  /** Containers only; fails fast when no Docker engine answers. */
  TESTCONTAINERS,
  /** In-JVM servers and child processes; never needs Docker. */
  EMBEDDED
}
