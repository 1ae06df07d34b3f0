package dev.perfsuite.backends.otp;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How long each request waited for a pooled connection and then held it, as the service saw it:
 * the waiting and the service time of the pool seen as a c-server queue.
 *
 * <p>Wait runs from asking the pool to getting a connection (HikariCP's own liveness check of a
 * connection idle for more than 500 ms falls in here); hold runs from getting it to handing it
 * back, after commit. Bounded: at most {@value #MAX_USES} uses are kept, enough for the smoke
 * experiment, so a long run cannot grow it without limit.
 */
public final class ConnectionTimes {
  static final String GENERATE = "generate";
  static final String VALIDATE = "validate";
  private static final int MAX_USES = 200_000;
  /** Offset from {@link System#nanoTime()} to epoch nanoseconds, fixed at construction. */
  private final long epochOffsetNanos = TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis())
      - System.nanoTime();
  private final List<Use> uses = new ArrayList<>();

  /**
   * One connection use.
   *
   * @param kind {@code generate} or {@code validate}
   * @param askedEpochMillis when the request asked the pool, epoch ms
   * @param waitNanos time until the pool handed a connection out
   * @param holdNanos time the connection was held, its SQL, round trips and commit
   */
  public record Use(String kind, long askedEpochMillis, long waitNanos, long holdNanos) {
  }

  /** Every recorded use, oldest first. */
  public synchronized List<Use> uses() {
    return List.copyOf(uses);
  }

  /** Forgets every use. */
  public synchronized void reset() {
    uses.clear();
  }

  private synchronized void record(Use use) {
    if (uses.size() < MAX_USES) {
      uses.add(use);
    }
  }

  Held held(String kind, long askedNanos, Connection connection) {
    return new Held(kind, askedNanos, System.nanoTime(), connection);
  }

  /** A pooled connection in use; closing hands it back and records the use. */
  final class Held implements AutoCloseable {
    private final String kind;
    private final long asked;
    private final long got;
    private final Connection connection;

    private Held(String kind, long asked, long got, Connection connection) {
      this.kind = kind;
      this.asked = asked;
      this.got = got;
      this.connection = connection;
    }

    Connection connection() {
      return connection;
    }

    PreparedStatement prepareStatement(String sql) throws SQLException {
      return connection.prepareStatement(sql);
    }

    void commit() throws SQLException {
      connection.commit();
    }

    void rollback() throws SQLException {
      connection.rollback();
    }

    @Override
    public void close() throws SQLException {
      try {
        connection.close();
      } finally {
        long released = System.nanoTime();
        record(new Use(kind, TimeUnit.NANOSECONDS.toMillis(asked + epochOffsetNanos),
            got - asked, released - got));
      }
    }
  }
}
