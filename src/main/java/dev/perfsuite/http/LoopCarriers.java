package dev.perfsuite.http;

import io.netty.channel.EventLoop;
import java.lang.reflect.Constructor;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * Virtual users carried by the client's event loops: a request, its response and the user's
 * next step on one thread.
 *
 * <p>Each user's virtual thread is scheduled on one loop of {@link SharedLoop} (users are dealt
 * round robin), and its connections are opened on that same loop: the user queues its write
 * while running on the loop's thread, parks, and the response handler, on that thread, queues
 * the user again; the kernel never wakes a thread for the request. This is how Gatling carries
 * its users.
 *
 * <p>Java has no public API for a virtual thread's scheduler: the JDK's own constructor for
 * one ({@code ThreadBuilders.VirtualThreadBuilder(Executor)}) is opened with
 * {@code --add-opens java.base/java.lang=ALL-UNNAMED}, checked once per JVM. Without it, or
 * before Java 24, {@link #available()} is false and {@link #unavailableReason()} says why; users
 * then run on the JDK's scheduler.
 *
 * <p>Trap: a user pinned to its carrier (a native frame, a class initializer) while it waits
 * for its response would hold the loop that must deliver that response. From Java 24 on
 * {@code synchronized} does not pin (JEP 491), which is why earlier releases never use this.
 */
public final class LoopCarriers {
  /** The JVM flag that opens the JDK's scheduler constructor. */
  public static final String OPEN_FLAG = "--add-opens=java.base/java.lang=ALL-UNNAMED";
  /** JEP 491: from this release on, {@code synchronized} does not pin a carrier. */
  static final int FIRST_JAVA = 24;

  private static final Builder BUILDER = Builder.lookUp(Runtime.version().feature());
  /** The carrier of each loop-carried user, for the connections it opens and its requests. */
  private static final ThreadLocal<Carrier> HOME = new ThreadLocal<>();
  private static final Map<EventLoop, Carrier> CARRIERS = new ConcurrentHashMap<>();

  private LoopCarriers() {
  }

  /** Whether users can run on the event loops in this JVM. */
  public static boolean available() {
    return BUILDER.constructor().isPresent();
  }

  /** Why users cannot run on the loops here, with the fix; empty when they can. */
  public static String unavailableReason() {
    return BUILDER.reason();
  }

  /**
   * An unstarted virtual thread named {@code name} running {@code body} on the next event loop.
   *
   * @throws IllegalStateException when {@link #available()} is false
   */
  public static Thread unstarted(String name, Runnable body) {
    return unstarted(name, carrierOf(SharedLoop.get().nextLoop()), body);
  }

  /** An unstarted virtual thread named {@code name} running {@code body} on {@code carrier}. */
  static Thread unstarted(String name, Carrier carrier, Runnable body) {
    Constructor<?> constructor = BUILDER.constructor().orElseThrow(
        () -> new IllegalStateException("virtual users cannot run on the event loops: "
            + BUILDER.reason()));
    Runnable carried = () -> {
      HOME.set(carrier);
      body.run();
    };
    try {
      Object builder = constructor.newInstance(carrier);
      Object named = BUILDER.name().invoke(builder, name);
      return (Thread) BUILDER.unstarted().invoke(named, carried);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create a virtual thread on an event loop", e);
    }
  }

  /** The one carrier of the users on {@code loop}. */
  static Carrier carrierOf(EventLoop loop) {
    return CARRIERS.computeIfAbsent(loop, Carrier::new);
  }

  /**
   * Runs {@code start} on {@code loop} right after the current user parks.
   *
   * <p>Only for a user that {@code loop} carries: its request leaves before the next user on the
   * loop runs, not behind every user the same wake-up made ready.
   *
   * @return false when the current thread is not a user carried by {@code loop} (the caller
   *     hands {@code start} to the loop itself)
   */
  static boolean startAfterPark(EventLoop loop, Runnable start) {
    Carrier carrier = HOME.get();
    if (carrier == null || carrier.loop != loop) {
      return false;
    }
    carrier.afterPark.add(start);
    return true;
  }

  /** The loop the current user runs on, or null when it runs on no loop of the client. */
  static EventLoop home() {
    Carrier carrier = HOME.get();
    return carrier == null ? null : carrier.loop;
  }

  /**
   * The scheduler of the users on one loop.
   *
   * <p>Each turn of a user runs as a task of the loop, followed by the requests it queued
   * before it parked.
   *
   * <p>Why not the loop itself: a user's thread is not the loop's thread to Netty, so its
   * writes would queue behind every other user woken by the same read; here they leave as soon
   * as their user parks, from the loop's own thread.
   */
  static final class Carrier implements Executor {
    private final EventLoop loop;
    /** Touched only on {@link #loop}'s thread: by its users while they run, then by the turn. */
    private final ArrayDeque<Runnable> afterPark = new ArrayDeque<>();

    Carrier(EventLoop loop) {
      this.loop = loop;
    }

    @Override
    public void execute(Runnable turn) {
      loop.execute(() -> {
        try {
          turn.run();
        } finally {
          for (Runnable start = afterPark.poll(); start != null; start = afterPark.poll()) {
            start.run();
          }
        }
      });
    }
  }

  /** The JDK's builder with a scheduler, looked up once; its reason when absent. */
  private record Builder(Optional<Constructor<?>> constructor, Method name, Method unstarted,
      String reason) {
    static Builder lookUp(int java) {
      if (java < FIRST_JAVA) {
        return absent("Java " + java + " < " + FIRST_JAVA + " (synchronized pins carriers "
            + "there, JEP 491)");
      }
      try {
        Class<?> type = Class.forName("java.lang.ThreadBuilders$VirtualThreadBuilder");
        Constructor<?> constructor = type.getDeclaredConstructor(Executor.class);
        Class<?> builder = Class.forName("java.lang.Thread$Builder");
        Method name = builder.getMethod("name", String.class);
        Method unstarted = builder.getMethod("unstarted", Runnable.class);
        constructor.setAccessible(true);
        return new Builder(Optional.of(constructor), name, unstarted, "");
      } catch (InaccessibleObjectException e) {
        return absent("the JVM was started without " + OPEN_FLAG);
      } catch (ReflectiveOperationException | RuntimeException e) {
        return absent("this JDK has no virtual-thread builder with a scheduler (" + e + ")");
      }
    }

    static Builder absent(String reason) {
      return new Builder(Optional.empty(), null, null, reason);
    }
  }
}
