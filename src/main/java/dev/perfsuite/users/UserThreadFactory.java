package dev.perfsuite.users;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Locale;
import java.util.Optional;

/**
 * Makes the thread one user runs on: virtual or platform, as {@code perf.users.threads} and the
 * running Java decide.
 *
 * <p>The release is Java 17, so {@code Thread.ofVirtual()} is looked up at run time (method
 * handles, once per JVM) instead of compiled against: one jar for every engine, no Java 21
 * compiler or multi-release layout in the build. Platform user threads are not daemons, as in
 * JMeter; virtual threads always are, which is why the engine's own executor stays on platform
 * threads.
 */
public final class UserThreadFactory {
  /** JEP 491: from this release {@code synchronized} no longer pins a carrier. */
  public static final int UNPINNED_JAVA = 24;

  private static final Optional<VirtualBuilder> VIRTUAL = VirtualBuilder.lookUp();

  private final boolean virtual;
  private final String reason;

  private UserThreadFactory(boolean virtual, String reason) {
    this.virtual = virtual;
    this.reason = reason;
  }

  /** The factory {@code requested} resolves to on this JVM. */
  public static UserThreadFactory resolve(UserThreads requested) {
    return resolve(requested, Runtime.version().feature(), VIRTUAL.isPresent());
  }

  static UserThreadFactory resolve(UserThreads requested, int java, boolean available) {
    String key = "perf.users.threads=" + requested.name().toLowerCase(Locale.ROOT);
    switch (requested) {
      case PLATFORM:
        return new UserThreadFactory(false, key);
      case VIRTUAL:
        if (!available) {
          return new UserThreadFactory(false, key + " but Java " + java + " has no virtual "
              + "threads (needs " + UserThreads.FIRST_VIRTUAL_JAVA + "+): platform threads");
        }
        return new UserThreadFactory(true, key + (java < UNPINNED_JAVA ? ", Java " + java
            + " < " + UNPINNED_JAVA + ": HttpClient 4 pins carriers inside synchronized"
            : ", Java " + java));
      default:
        boolean use = available && java >= UNPINNED_JAVA;
        return new UserThreadFactory(use, key + ", Java " + java + (use ? " >= " : " < ")
            + UNPINNED_JAVA + (use ? "" : " (virtual threads would pin carriers in HttpClient 4)"));
    }
  }

  /** True when users run on virtual threads. */
  public boolean virtual() {
    return virtual;
  }

  /** Why: the setting and the Java version that decided. */
  public String reason() {
    return reason;
  }

  /** One line for the console: {@code users: 100 on virtual threads (...)}. */
  public String describe(int users) {
    return "users: " + users + " on " + (virtual ? "virtual" : "platform") + " threads ("
        + reason + ")";
  }

  /** An unstarted thread running {@code body}, named {@code name}. */
  public Thread unstarted(String name, Runnable body) {
    if (virtual) {
      return VIRTUAL.orElseThrow().unstarted(name, body);
    }
    Thread thread = new Thread(body, name);
    thread.setDaemon(false);
    return thread;
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
