package dev.perfsuite.backends.otp;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;

import com.sun.net.httpserver.HttpServer;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import dev.perfsuite.backends.postgres.PostgresEndpoint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small reference implementation of MOSIP's kernel OTP manager API (generate, validate) on
 * PostgreSQL through a HikariCP pool, so that seed 002's pool-size experiment can be rerun
 * locally against real SQL.
 *
 * <p>A lifecycle object: {@link #start} creates the {@code kernel.otp_transaction} table when
 * missing, fills a fixed-size pool, and serves HTTP on an ephemeral loopback port (JDK
 * {@code HttpServer}, blocking workers as described in {@link OtpServiceSettings});
 * {@link #close()} stops the server, then the workers, then the pool, and may be called twice.
 *
 * <pre>{@code
 * try (ReferenceOtpService otp = ReferenceOtpService.start(perf.backends().postgres(),
 *     OtpServiceSettings.forPool(poolSize))) {
 *   URI otpManager = otp.baseUri(); // POST v1/otpmanager/otp/generate, GET .../validate
 * }
 * }</pre>
 */
public final class ReferenceOtpService implements AutoCloseable {
  /** How often the pool's live counters are sampled, short enough to see bursts of waiting. */
  private static final long SAMPLE_MILLIS = 10;
  private static final Duration FILL_TIMEOUT = Duration.ofSeconds(60);

  private final OtpServiceSettings settings;
  private final HikariDataSource pool;
  private final HttpServer server;
  private final ExecutorService workers;
  private final ScheduledExecutorService sampler;
  private final OtpHttpHandler handler;
  private final PoolWatch watch;
  private final ConnectionTimes times;
  private boolean closed;

  private ReferenceOtpService(OtpServiceSettings settings, HikariDataSource pool,
      HttpServer server, ExecutorService workers, ScheduledExecutorService sampler,
      OtpHttpHandler handler, PoolWatch watch, ConnectionTimes times) {
    this.settings = settings;
    this.pool = pool;
    this.server = server;
    this.workers = workers;
    this.sampler = sampler;
    this.handler = handler;
    this.watch = watch;
    this.times = times;
  }

  /**
   * Starts the service on {@code database}.
   *
   * @throws IllegalStateException when the pool does not fit the server's free connections
   *     ({@code max_connections} minus reserved slots minus connections already open), naming
   *     both numbers and the fix
   */
  public static ReferenceOtpService start(PostgresEndpoint database, OtpServiceSettings settings) {
    String password = database.password().reveal();
    try (Connection admin = DriverManager.getConnection(database.jdbcUrl(), database.username(),
        password)) {
      checkCapacity(admin, settings.poolSize(), database);
      OtpStore.createSchema(admin);
    } catch (SQLException e) {
      throw new IllegalStateException("reference OTP service: cannot prepare " + database.jdbcUrl()
          + ": " + e.getMessage(), e);
    }
    HikariDataSource pool = pool(database, password, settings);
    ExecutorService workers = null;
    ScheduledExecutorService sampler = null;
    try {
      awaitFilled(pool, settings.poolSize());
      ConnectionTimes times = new ConnectionTimes();
      OtpHttpHandler handler = new OtpHttpHandler(new OtpStore(pool, settings, times));
      HttpServer server = HttpServer.create(
          new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
      workers = Executors.newFixedThreadPool(settings.workerThreads(),
          daemon("mosip-otp-worker-" + settings.poolSize()));
      server.createContext("/", handler);
      server.setExecutor(workers);
      PoolWatch watch = new PoolWatch(pool.getHikariPoolMXBean());
      sampler = Executors.newSingleThreadScheduledExecutor(daemon("mosip-otp-pool-watch"));
      sampler.scheduleAtFixedRate(watch::sample, SAMPLE_MILLIS, SAMPLE_MILLIS,
          TimeUnit.MILLISECONDS);
      server.start();
      return new ReferenceOtpService(settings, pool, server, workers, sampler, handler, watch,
          times);
    } catch (IOException | RuntimeException e) {
      if (workers != null) {
        workers.shutdownNow();
      }
      if (sampler != null) {
        sampler.shutdownNow();
      }
      pool.close();
      if (e instanceof IOException io) {
        throw new UncheckedIOException("reference OTP service: cannot bind 127.0.0.1", io);
      }
      throw (RuntimeException) e;
    }
  }

  private static HikariDataSource pool(PostgresEndpoint database, String password,
      OtpServiceSettings settings) {
    HikariConfig config = new HikariConfig();
    config.setPoolName("mosip-otp-pool-" + settings.poolSize());
    config.setJdbcUrl(database.jdbcUrl());
    config.setUsername(database.username());
    config.setPassword(password);
    config.setMaximumPoolSize(settings.poolSize());
    // A fixed-size pool (HikariCP's recommendation): no connection is opened during the run.
    config.setMinimumIdle(settings.poolSize());
    config.setConnectionTimeout(settings.connectionTimeout().toMillis());
    config.setAutoCommit(false);
    return new HikariDataSource(config);
  }

  /**
   * Fails early, with the numbers, when the pool cannot get its connections: PostgreSQL refuses
   * clients beyond {@code max_connections - superuser_reserved_connections}, and the pool would
   * otherwise fail its requests one connection timeout at a time.
   */
  private static void checkCapacity(Connection admin, int poolSize, PostgresEndpoint database)
      throws SQLException {
    int max = intSetting(admin, "SHOW max_connections");
    int reserved = intSetting(admin, "SHOW superuser_reserved_connections");
    int open = openByOthers(admin);
    int free = max - reserved - open;
    if (poolSize > free) {
      throw new IllegalStateException(String.format("reference OTP service: a pool of %d "
          + "connections does not fit PostgreSQL at %s: max_connections=%d, "
          + "superuser_reserved_connections=%d, %d connections already open, so %d free. Fix: "
          + "choose a pool of at most %d, or start PostgreSQL with a higher max_connections "
          + "(set by the backend, not at run time)", poolSize, database.jdbcUrl(), max, reserved,
          open, free, free));
    }
  }

  /**
   * The connections a new pool could open on {@code database}: {@code max_connections} minus
   * {@code superuser_reserved_connections} minus the client connections already open.
   */
  public static int freeConnections(PostgresEndpoint database) {
    try (Connection admin = DriverManager.getConnection(database.jdbcUrl(), database.username(),
        database.password().reveal())) {
      return intSetting(admin, "SHOW max_connections")
          - intSetting(admin, "SHOW superuser_reserved_connections") - openByOthers(admin);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read max_connections of " + database.jdbcUrl(), e);
    }
  }

  /** Open client connections, not counting {@code admin}, which closes before the pool opens. */
  private static int openByOthers(Connection admin) throws SQLException {
    return intSetting(admin, "SELECT count(*) FROM pg_stat_activity "
        + "WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()");
  }

  private static int intSetting(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      result.next();
      return Integer.parseInt(result.getString(1).trim());
    }
  }

  private static void awaitFilled(HikariDataSource pool, int size) {
    HikariPoolMXBean bean = pool.getHikariPoolMXBean();
    await("reference OTP service: connections the pool opened").atMost(FILL_TIMEOUT)
        .pollInterval(Duration.ofMillis(20))
        .until(bean::getTotalConnections, greaterThanOrEqualTo(size));
  }

  private static ThreadFactory daemon(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, prefix + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  /** Base URL ending in '/', e.g. {@code http://127.0.0.1:41234/}. */
  public URI baseUri() {
    InetSocketAddress address = server.getAddress();
    return URI.create("http://" + address.getAddress().getHostAddress() + ":" + address.getPort()
        + "/");
  }

  /** The settings it runs with. */
  public OtpServiceSettings settings() {
    return settings;
  }

  /**
   * How hard the pool was used since start (or the last {@link #resetUsage()}), sampled every
   * 10 ms.
   */
  public PoolUsage usage() {
    return new PoolUsage(settings.poolSize(), watch.peakActive(), watch.peakWaiting(),
        watch.meanWaiting(), handler.requests(), handler.serverErrors());
  }

  /** Forgets the usage seen so far, e.g. after a warm-up. */
  public void resetUsage() {
    watch.reset();
    times.reset();
  }

  /** Per request: how long it waited for a connection and then held it. */
  public ConnectionTimes connectionTimes() {
    return times;
  }

  /** Stops serving, then the workers and the pool; idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    server.stop(0);
    sampler.shutdownNow();
    workers.shutdownNow();
    try {
      workers.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    pool.close();
  }

  /**
   * Peak use of the pool and what the service answered.
   *
   * @param poolSize connections in the pool
   * @param peakActive most connections checked out at one sample
   * @param peakWaiting most requests waiting for a connection at one sample
   * @param meanWaiting requests waiting for a connection, averaged over the samples
   * @param requests requests answered
   * @param serverErrors requests answered 500 (database failures such as pool timeouts)
   */
  public record PoolUsage(int poolSize, int peakActive, int peakWaiting, double meanWaiting,
      long requests, long serverErrors) {
  }

  /** Samples HikariCP's live counters. */
  private static final class PoolWatch {
    private final HikariPoolMXBean bean;
    private int peakActive;
    private int peakWaiting;
    private long samples;
    private long waitingSum;

    PoolWatch(HikariPoolMXBean bean) {
      this.bean = bean;
    }

    synchronized void sample() {
      int active = bean.getActiveConnections();
      int waiting = bean.getThreadsAwaitingConnection();
      peakActive = Math.max(peakActive, active);
      peakWaiting = Math.max(peakWaiting, waiting);
      samples++;
      waitingSum += waiting;
    }

    synchronized int peakActive() {
      return peakActive;
    }

    synchronized int peakWaiting() {
      return peakWaiting;
    }

    synchronized double meanWaiting() {
      return samples == 0 ? 0 : (double) waitingSum / samples;
    }

    synchronized void reset() {
      peakActive = 0;
      peakWaiting = 0;
      samples = 0;
      waitingSum = 0;
    }
  }
}
