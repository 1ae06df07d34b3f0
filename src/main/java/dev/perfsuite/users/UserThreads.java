package dev.perfsuite.users;

/**
 * What each JMeter user runs on ({@code perf.users.threads}).
 *
 * <p>A profile carries the choice ({@code LoadProfile.withUserThreads}, set from the
 * configuration), the thread group carries it to remote engines, and {@link #AUTO} is resolved
 * by each engine against its own Java version.
 */
public enum UserThreads {
  /** Virtual threads on Java 24+ (JEP 491: no pinning on {@code synchronized}), else platform. */
  AUTO,
  /** Virtual threads; Java 21+ (on 21 to 23 HttpClient 4 pins carriers in its pool). */
  VIRTUAL,
  /** One platform thread per user, as JMeter's own Thread Group. */
  PLATFORM;

  /** The first Java feature release with virtual threads. */
  public static final int FIRST_VIRTUAL_JAVA = 21;
}
