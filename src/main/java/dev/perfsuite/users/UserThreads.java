package dev.perfsuite.users;

/**
 * What each JMeter user runs on ({@code perf.users.threads}).
 *
 * <p>A profile carries the choice ({@code LoadProfile.withUserThreads}, set from the
 * configuration), the thread group carries it to remote engines, and {@link #AUTO} is resolved
 * by each engine against its own Java version.
 */
public enum UserThreads {
  /** Virtual threads on the JDK's scheduler on Java 24+ (JEP 491), else platform threads. */
  AUTO(0),
  /**
   * Virtual threads carried by the HTTP client's event loops: no thread hand-off per request.
   *
   * <p>Java 24+, with {@code --add-opens=java.base/java.lang=ALL-UNNAMED}; without the flag
   * users fall back to {@link #VIRTUAL}, and the run says so. Halves the CPU per request of a
   * generator without think time; with tens of thousands of thinking users in a tight heap, GC
   * pauses stop a loop's I/O and its users together and the tail grows (docs/performance.md).
   */
  LOOP(24),
  /** Virtual threads on the JDK's scheduler; Java 21+ (on 21 to 23 HttpClient 4 pins carriers). */
  VIRTUAL(UserThreads.FIRST_VIRTUAL_JAVA),
  /** One platform thread per user, as JMeter's own Thread Group. */
  PLATFORM(0);

  /** The first Java feature release with virtual threads. */
  public static final int FIRST_VIRTUAL_JAVA = 21;

  private final int firstJava;

  UserThreads(int firstJava) {
    this.firstJava = firstJava;
  }

  /** The first Java feature release that runs this choice when asked for it; 0 for any. */
  public int firstJava() {
    return firstJava;
  }
}
