package dev.perfsuite.backends.otp;

import java.time.Duration;
import java.util.Objects;

/**
 * How the reference OTP service is sized and what its OTP rules are.
 *
 * <p>Worker threads: every request blocks its worker for its whole database transaction (JDBC is
 * blocking), so at most {@code min(workers, pool)} requests use the database at once. With fewer
 * workers than connections the pool size would be meaningless. {@link #forPool(int)} gives
 * {@code max(200, pool + 2 x cores)} workers: 200 is Tomcat's default, which MOSIP's Spring Boot
 * services ran with, and {@code pool + 2 x cores} keeps every connection usable by a larger pool
 * with a few threads to spare. Requests beyond the free connections then wait inside HikariCP (up
 * to {@link #connectionTimeout()}, then a 500), as they did in MOSIP, so the pool, not the worker
 * count, is the limit under test. Idle threads cost a stack each and no CPU.
 *
 * <p>Connection hold: locally a request holds its connection for about a millisecond of SQL. A
 * database on another machine is modelled physically, by connecting the service through a
 * latency link ({@code PostgresLatencyLink}), never by pausing inside the transaction.
 *
 * <p>OTP rules are the MOSIP kernel OTP manager README's defaults: 6 digits, valid 40 s, key frozen
 * 40 s after 3 failed validations, keys of 3 to 255 characters.
 *
 * @param poolSize maximum (and minimum idle, so fixed) size of the HikariCP pool
 * @param workerThreads HTTP worker threads
 * @param connectionTimeout how long a request waits for a pooled connection before failing
 * @param otpLength digits per OTP
 * @param expiry how long an OTP stays valid after generation
 * @param keyFreeze how long a key stays blocked after too many failed validations
 * @param validationAttempts failed validations allowed before the key is frozen
 */
public record OtpServiceSettings(int poolSize, int workerThreads, Duration connectionTimeout,
    int otpLength, Duration expiry, Duration keyFreeze,
    int validationAttempts) {

  /** HikariCP's default connection timeout, kept as MOSIP ran with it. */
  static final Duration DEFAULT_CONNECTION_TIMEOUT = Duration.ofSeconds(30);
  /** Tomcat's default worker threads, MOSIP's services' HTTP worker pool. */
  static final int TOMCAT_DEFAULT_THREADS = 200;

  public OtpServiceSettings {
    Objects.requireNonNull(connectionTimeout, "connectionTimeout");
    Objects.requireNonNull(expiry, "expiry");
    Objects.requireNonNull(keyFreeze, "keyFreeze");
    if (poolSize <= 0 || workerThreads <= 0 || otpLength <= 0 || validationAttempts <= 0) {
      throw new IllegalArgumentException("pool size, workers, OTP length and attempts must be "
          + "positive: " + poolSize + ", " + workerThreads + ", " + otpLength + ", "
          + validationAttempts);
    }
    if (connectionTimeout.toMillis() < 250) {
      throw new IllegalArgumentException("HikariCP needs a connection timeout of at least 250 ms: "
          + connectionTimeout);
    }
  }

  /**
   * A service with a pool of {@code poolSize} connections, {@code max(200, poolSize + 2 x cores)}
   * workers and MOSIP's default OTP rules.
   */
  public static OtpServiceSettings forPool(int poolSize) {
    int workers = Math.max(TOMCAT_DEFAULT_THREADS,
        poolSize + 2 * Runtime.getRuntime().availableProcessors());
    return new OtpServiceSettings(poolSize, workers, DEFAULT_CONNECTION_TIMEOUT, 6,
        Duration.ofSeconds(40), Duration.ofSeconds(40), 3);
  }

  /** The same settings with another connection timeout. */
  public OtpServiceSettings withConnectionTimeout(Duration timeout) {
    return new OtpServiceSettings(poolSize, workerThreads, timeout, otpLength,
        expiry, keyFreeze, validationAttempts);
  }

  /** The same settings with another OTP validity. */
  public OtpServiceSettings withExpiry(Duration validity) {
    return new OtpServiceSettings(poolSize, workerThreads, connectionTimeout, otpLength,
        validity, keyFreeze, validationAttempts);
  }
}
