package dev.perfsuite.http;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import java.io.IOException;
import java.net.URL;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.http.conn.ConnectionPoolTimeoutException;

/**
 * One bounded set of keep-alive connections that every user of this JVM borrows from, one
 * exchange at a time.
 *
 * <p>Chosen with {@code perf.users.connections=shared}, as Gatling's shareConnections: open
 * sockets stay at most {@code size} however many users there are.
 *
 * <p>A request waits for a free slot inside its sample (the wait is part of its response time
 * and of its connect time when it then opens a connection), at most what one exchange may hold
 * a connection (the connect plus the response timeout, no bound when either is 0), then fails
 * as HttpClient 4's pool does ({@code ConnectionPoolTimeoutException}). Connections are
 * reused most recently returned first, so a quiet period lets the others reach the server's
 * keep-alive timeout and close. TLS sessions are shared, as the connections are.
 */
final class SharedConnections {
  private static final Map<Integer, SharedConnections> BY_SIZE = new ConcurrentHashMap<>();

  private final int size;
  private final AtomicInteger open = new AtomicInteger();
  /**
   * Idle connections by the event loop they run on, then by origin.
   *
   * <p>A loop-carried user takes one of its own loop first, so its exchange crosses no thread.
   */
  private final Map<EventLoop, Map<String, Deque<Channel>>> idle = new ConcurrentHashMap<>();
  private final ReentrantLock lock = new ReentrantLock();
  /** Slots not lent, and users waiting for one (oldest first); guarded by {@link #lock}. */
  private int free;
  private final ArrayDeque<CompletableFuture<Void>> waiting = new ArrayDeque<>();

  private SharedConnections(int size) {
    this.size = size;
    this.free = size;
  }

  /** The pool of {@code size} connections (one per size, for the JVM's life). */
  static SharedConnections ofSize(int size) {
    return BY_SIZE.computeIfAbsent(size, SharedConnections::new);
  }

  /** Closes the idle connections of every pool (a test's end). */
  static void closeIdle() {
    BY_SIZE.values().forEach(pool -> pool.idle.values()
        .forEach(byOrigin -> byOrigin.values().forEach(SharedConnections::closeAll)));
  }

  /**
   * A connection to {@code url}'s origin, lent to {@code user} for one exchange; give it back with
   * {@link #giveBack}.
   *
   * <p>An idle one, or a new one once a slot is free.
   *
   * @param connectTimeoutMillis bounds the connect, as on a user's own connection
   * @param waitMillis bounds the wait for a free slot; 0 waits until one frees or the user is
   *     stopped
   */
  UserChannels.Connection lend(URL url, int connectTimeoutMillis, int waitMillis,
      UserChannels user) throws IOException {
    takeSlot(waitMillis, user);
    boolean lent = false;
    try {
      String origin = UserChannels.origin(url);
      EventLoop home = LoopCarriers.home();
      Channel channel = home == null ? null : idleOn(home, origin);
      if (channel == null) {
        for (EventLoop loop : idle.keySet()) {
          channel = idleOn(loop, origin);
          if (channel != null) {
            break;
          }
        }
      }
      if (channel != null) {
        lent = true;
        return new UserChannels.Connection(channel, origin, 0);
      }
      makeRoom();
      UserChannels.Connection opened = user.open(url, connectTimeoutMillis,
          SharedLoop.get().tls());
      open.incrementAndGet();
      opened.channel().closeFuture().addListener(f -> open.decrementAndGet());
      lent = true;
      return opened;
    } finally {
      if (!lent) {
        freeSlot();
      }
    }
  }

  /** Takes back a lent connection, kept for the next user when it can carry another request. */
  void giveBack(UserChannels.Connection connection, boolean reusable) {
    Channel channel = connection.channel();
    if (reusable && channel.isActive()) {
      idle.computeIfAbsent(channel.eventLoop(), l -> new ConcurrentHashMap<>())
          .computeIfAbsent(connection.origin(), o -> new ConcurrentLinkedDeque<>())
          .offerFirst(channel);
    } else {
      channel.close();
    }
    freeSlot();
  }

  /** An open idle connection to {@code origin} on {@code loop}, taken; null when none. */
  private Channel idleOn(EventLoop loop, String origin) {
    Map<String, Deque<Channel>> byOrigin = idle.get(loop);
    Deque<Channel> ready = byOrigin == null ? null : byOrigin.get(origin);
    if (ready == null) {
      return null;
    }
    for (Channel channel = ready.pollFirst(); channel != null; channel = ready.pollFirst()) {
      if (channel.isActive()) {
        return channel;
      }
    }
    return null;
  }

  /** Connections open now, lent or idle (for tests). */
  int open() {
    return open.get();
  }

  /** Closes idle connections to other origins while the pool is full, so a new one fits. */
  private void makeRoom() {
    int excess = open.get() - size + 1;
    for (Deque<Channel> ready : idle.values().stream()
        .flatMap(byOrigin -> byOrigin.values().stream()).toList()) {
      for (Channel channel = excess > 0 ? ready.pollLast() : null; channel != null;
          channel = excess > 0 ? ready.pollLast() : null) {
        channel.close();
        excess--;
      }
    }
  }

  private void takeSlot(int timeoutMillis, UserChannels user) throws IOException {
    CompletableFuture<Void> slot = new CompletableFuture<>();
    lock.lock();
    try {
      if (free > 0) {
        free--;
        return;
      }
      waiting.add(slot);
    } finally {
      lock.unlock();
    }
    if (timeoutMillis > 0) {
      slot.orTimeout(timeoutMillis, TimeUnit.MILLISECONDS);
    }
    try {
      user.await(slot, "waiting for a shared connection");
    } catch (IOException e) {
      // Stopped, interrupted or timed out: a slot handed over meanwhile goes to the next user.
      if (!slot.completeExceptionally(e) && !slot.isCompletedExceptionally()) {
        freeSlot();
      }
      if (e.getCause() instanceof TimeoutException) {
        throw new ConnectionPoolTimeoutException("Timeout waiting for connection from pool");
      }
      throw e;
    }
  }

  private void freeSlot() {
    lock.lock();
    try {
      for (CompletableFuture<Void> next = waiting.poll(); next != null; next = waiting.poll()) {
        if (next.complete(null)) {
          return;
        }
      }
      free++;
    } finally {
      lock.unlock();
    }
  }

  private static void closeAll(Deque<Channel> channels) {
    for (Channel channel = channels.pollFirst(); channel != null; channel = channels.pollFirst()) {
      channel.close();
    }
  }
}
