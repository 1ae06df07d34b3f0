package dev.perfsuite.backends;

/** How a backend is run: in a container, or in this JVM / a child process. */
public enum Provider {
  /** Containers started by Testcontainers on a Docker engine. */
  TESTCONTAINERS,
  /** In-JVM servers and child processes; no Docker needed. */
  EMBEDDED
}
