package dev.perfsuite.users;

import dev.perfsuite.http.LoopCarriers;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Locale;
import java.util.Optional;

/**
 * Makes the thread one user runs on, virtual or platform, as {@code perf.users.threads} decides.
 *
 * <p>Virtual threads run on the HTTP client's event loops or the JDK's scheduler, as far as the
 * running JVM allows.
 *
 * <p>The release is Java 17, so {@code Thread.ofVirtual()} is looked up at run time (method
 * handles, once per JVM) instead of compiled against: one jar for every engine, no Java 21
 * compiler or multi-release layout in the build. Platform user threads are not daemons, as in
 * JMeter; virtual threads always are, which is why the engine's own executor stays on platform
 * threads.
 */
public final class UserThreadFactory {
  /** JEP 491: from this release {@code synchronized} does not pin a carrier. */
  public static final int UNPINNED_JAVA = 24;

  private static final Optional<VirtualBuilder> VIRTUAL = VirtualBuilder.lookUp();

  /** Where a user's thread runs. */
  enum ThreadKind {
    PLATFORM("platform threads"),
    VIRTUAL("virtual threads"),
    LOOP("virtual threads on the HTTP client's event loops");

    private final String words;

    ThreadKind(String words) {
      this.words = words;
    }
  }

  private final ThreadKind kind;
  private final String reason;

  private UserThreadFactory(ThreadKind kind, String reason) {
    this.kind = kind;
    this.reason = reason;
  }

  /** The factory {@code requested} resolves to on this JVM. */
  public static UserThreadFactory resolve(UserThreads requested) {
    return resolve(requested, Runtime.version().feature(), VIRTUAL.isPresent(),
        LoopCarriers.available() ? "" : LoopCarriers.unavailableReason());
  }

  /**
   * What {@code requested} resolves to.
   *
   * @param noLoops why users cannot run on the event loops; empty when they can
   */
  static UserThreadFactory resolve(UserThreads requested, int java, boolean available,
      String noLoops) {
    String key = "perf.users.threads=" + requested.name().toLowerCase(Locale.ROOT);
    switch (requested) {
      case PLATFORM:
        return new UserThreadFactory(ThreadKind.PLATFORM, key);
      case VIRTUAL:
        if (!available) {
          return new UserThreadFactory(ThreadKind.PLATFORM, key + " but Java " + java + " has no "
              + "virtual threads (needs " + UserThreads.FIRST_VIRTUAL_JAVA
              + "+): platform threads");
        }
        return new UserThreadFactory(ThreadKind.VIRTUAL, key + (java < UNPINNED_JAVA ? ", Java "
            + java + " < " + UNPINNED_JAVA + ": HttpClient 4 pins carriers inside synchronized"
            : ", Java " + java));
      case LOOP:
        if (!available) {
          return new UserThreadFactory(ThreadKind.PLATFORM, key + " but Java " + java + " has no "
              + "virtual threads: platform threads");
        }
        return noLoops.isEmpty() ? new UserThreadFactory(ThreadKind.LOOP, key + ", Java " + java)
            : new UserThreadFactory(ThreadKind.VIRTUAL, key + " but not here: " + noLoops
                + "; virtual threads on the JDK's scheduler");
      default:
        boolean use = available && java >= UNPINNED_JAVA;
        return new UserThreadFactory(use ? ThreadKind.VIRTUAL : ThreadKind.PLATFORM, key + ", Java "
            + java + (use ? " >= " : " < ") + UNPINNED_JAVA
            + (use ? "" : " (virtual threads would pin carriers in HttpClient 4)"));
    }
  }

  /** True when users run on virtual threads, on the JDK's scheduler or the event loops. */
  public boolean virtual() {
    return kind != ThreadKind.PLATFORM;
  }

  /** True when users run on the HTTP client's event loops. */
  public boolean onLoops() {
    return kind == ThreadKind.LOOP;
  }

  /** Why: the setting and the Java version that decided. */
  public String reason() {
    return reason;
  }

  /** One line for the console: {@code users: 100 on virtual threads (...)}. */
  public String describe(int users) {
    return "users: " + users + " on " + kind.words + " (" + reason + ")";
  }

  /** An unstarted thread running {@code body}, named {@code name}. */
  public Thread unstarted(String name, Runnable body) {
    switch (kind) {
      case LOOP:
        return LoopCarriers.unstarted(name, body);
      case VIRTUAL:
        return VIRTUAL.orElseThrow().unstarted(name, body);
      default:
        Thread thread = new Thread(body, name);
        thread.setDaemon(false);
        return thread;
    }
  }

  /** {@code Thread.ofVirtual().name(name).unstarted(body)}, bound at run time. */
  private static final class VirtualBuilder {
    private final MethodHandle ofVirtual;
    private final MethodHandle name;
    private final MethodHandle unstarted;

    private VirtualBuilder(MethodHandle ofVirtual, MethodHandle name, MethodHandle unstarted) {
      this.ofVirtual = ofVirtual;
      this.name = name;
      this.unstarted = unstarted;
    }

    static Optional<VirtualBuilder> lookUp() {
      if (Runtime.version().feature() < UserThreads.FIRST_VIRTUAL_JAVA) {
        // Java 19/20 have the method as a preview that throws without --enable-preview.
        return Optional.empty();
      }
      try {
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        Class<?> builder = Class.forName("java.lang.Thread$Builder");
        Class<?> ofVirtualType = Class.forName("java.lang.Thread$Builder$OfVirtual");
        return Optional.of(new VirtualBuilder(
            lookup.findStatic(Thread.class, "ofVirtual", MethodType.methodType(ofVirtualType)),
            lookup.findVirtual(builder, "name", MethodType.methodType(builder, String.class)),
            lookup.findVirtual(builder, "unstarted",
                MethodType.methodType(Thread.class, Runnable.class))));
      } catch (ReflectiveOperationException e) {
        return Optional.empty();
      }
    }

    Thread unstarted(String threadName, Runnable body) {
      try {
        Object builder = ofVirtual.invoke();
        builder = name.invoke(builder, threadName);
        return (Thread) unstarted.invoke(builder, body);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException("cannot create a virtual thread", e);
      }
    }
  }
}
