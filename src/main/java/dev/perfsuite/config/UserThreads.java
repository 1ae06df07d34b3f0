package dev.perfsuite.config;

import java.util.Optional;

/**
 * What each JMeter user runs on ({@code perf.users.threads}).
 *
 * <p>The choice is read where the plan is built and carried in the thread group, so remote
 * engines run what the controller asked for; {@link #AUTO} is resolved by each engine against
 * its own Java version.
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

  /**
   * The value this JVM is configured with (system property, then {@code PERF_USERS_THREADS},
   * then perf.properties, then {@link #AUTO}).
   *
   * @throws ConfigException naming the key, the value and the fix when it is bad
   */
  public static UserThreads configured() {
    SettingsReader read = new SettingsReader(ConfigSource.ofThisJvm());
    Optional<UserThreads> value = check(read);
    read.throwIfInvalid();
    return value.orElse(AUTO);
  }

  static Optional<UserThreads> check(SettingsReader read) {
    Optional<UserThreads> value = read.choice(ConfigKey.USERS_THREADS, UserThreads.class);
    if (value.orElse(AUTO) == VIRTUAL && Runtime.version().feature() < FIRST_VIRTUAL_JAVA) {
      read.fail("perf.users.threads=virtual needs Java " + FIRST_VIRTUAL_JAVA + "+, but this "
          + "JVM is Java " + Runtime.version().feature() + ". Fix: run on Java 24+ (e.g. "
          + "JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64), or -Dperf.users.threads=auto.");
    }
    return value;
  }
}
