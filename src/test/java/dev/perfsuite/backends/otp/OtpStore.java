package dev.perfsuite.backends.otp;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The OTP rules of MOSIP's kernel OTP manager on table {@code kernel.otp_transaction}, one
 * database transaction per request: generate reads the key's row and upserts a fresh OTP;
 * validate reads the row (locked), counts the attempt and deletes the row on success. That is the
 * statement mix seed 002's Glowroot shows (select, insert, update of validation_retry_count,
 * delete by id).
 *
 * <p>As MOSIP 1.0 did, the row id is the caller's key; {@code ref_id} repeats it.
 */
final class OtpStore {
  static final String UNUSED = "OTP_UNUSED";
  static final String FROZEN = "KEY_FREEZED";
  private static final String CREATED_BY = "perf-otp-service";

  /** Columns of docs/reference/seed-systems.md §C.3 (MOSIP's kernel-otp_transaction.sql, without is_deleted). */
  static final String SCHEMA = """
      CREATE SCHEMA IF NOT EXISTS kernel;
      CREATE TABLE IF NOT EXISTS kernel.otp_transaction (
        id character varying(255) NOT NULL,
        otp character varying(8),
        validation_retry_count smallint,
        generated_dtimes timestamp,
        status_code character varying(64),
        ref_id character varying(255),
        ref_id_type character varying(64),
        expiry_dtimes timestamp,
        lang_code character varying(3),
        cr_by character varying(256),
        cr_dtimes timestamp,
        upd_by character varying(256),
        upd_dtimes timestamp,
        del_dtimes timestamp,
        CONSTRAINT pk_otptrn_id PRIMARY KEY (id)
      )""";

  private static final String SELECT_FOR_GENERATE =
      "SELECT status_code, upd_dtimes FROM kernel.otp_transaction WHERE id = ?";
  private static final String UPSERT = """
      INSERT INTO kernel.otp_transaction (id, otp, validation_retry_count, generated_dtimes,
        status_code, ref_id, ref_id_type, expiry_dtimes, lang_code, cr_by, cr_dtimes)
      VALUES (?, ?, 0, ?, 'OTP_UNUSED', ?, NULL, ?, NULL, ?, ?)
      ON CONFLICT (id) DO UPDATE SET otp = EXCLUDED.otp, validation_retry_count = 0,
        generated_dtimes = EXCLUDED.generated_dtimes, status_code = 'OTP_UNUSED',
        expiry_dtimes = EXCLUDED.expiry_dtimes, upd_by = EXCLUDED.cr_by,
        upd_dtimes = EXCLUDED.cr_dtimes, del_dtimes = NULL""";
  private static final String SELECT_FOR_VALIDATE = "SELECT otp, validation_retry_count, "
      + "generated_dtimes, status_code, upd_dtimes FROM kernel.otp_transaction WHERE id = ? "
      + "FOR UPDATE";
  private static final String COUNT_ATTEMPT = "UPDATE kernel.otp_transaction SET "
      + "validation_retry_count = ?, upd_by = ?, upd_dtimes = ? WHERE id = ?";
  private static final String SET_STATUS = "UPDATE kernel.otp_transaction SET status_code = ?, "
      + "validation_retry_count = ?, upd_by = ?, upd_dtimes = ? WHERE id = ?";
  private static final String DELETE = "DELETE FROM kernel.otp_transaction WHERE id = ?";

  private final DataSource dataSource;
  private final OtpServiceSettings settings;
  private final ConnectionTimes times;
  private final SecureRandom random = new SecureRandom();

  OtpStore(DataSource dataSource, OtpServiceSettings settings, ConnectionTimes times) {
    this.dataSource = dataSource;
    this.settings = settings;
    this.times = times;
  }

  /** Creates the schema and table when missing. */
  static void createSchema(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String ddl : SCHEMA.split(";")) {
        statement.execute(ddl);
      }
    }
  }

  /** What generate answered: the OTP, or {@code "null"} when the key is blocked. */
  record Generated(String otp, String status) {
  }

  /** What validate answered: MOSIP's status and message. */
  record Validated(String status, String message) {
    boolean successful() {
      return "success".equals(status);
    }
  }

  /**
   * Generates an OTP for {@code key} unless the key is frozen.
   *
   * @throws SQLException also when no pooled connection came within the connection timeout
   */
  Generated generate(String key) throws SQLException {
    long asked = System.nanoTime();
    try (ConnectionTimes.Held connection = times.held(ConnectionTimes.GENERATE, asked,
        dataSource.getConnection())) {
      try {
        LocalDateTime now = now();
        try (PreparedStatement select = connection.prepareStatement(SELECT_FOR_GENERATE)) {
          select.setString(1, key);
          try (ResultSet row = select.executeQuery()) {
            if (row.next() && FROZEN.equals(row.getString(1))
                && !elapsed(row.getObject(2, LocalDateTime.class), now, settings.keyFreeze())) {
              connection.rollback();
              return new Generated("null", "USER_BLOCKED");
            }
          }
        }
        String otp = newOtp();
        try (PreparedStatement upsert = connection.prepareStatement(UPSERT)) {
          upsert.setString(1, key);
          upsert.setString(2, otp);
          upsert.setObject(3, now);
          upsert.setString(4, key);
          upsert.setObject(5, now.plus(settings.expiry()));
          upsert.setString(6, CREATED_BY);
          upsert.setObject(7, now);
          upsert.executeUpdate();
        }
        connection.commit();
        return new Generated(otp, "GENERATION_SUCCESSFUL");
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    }
  }

  /**
   * Validates {@code otp} for {@code key} with MOSIP's rules: expiry, attempt counting, freezing
   * after too many failures, deletion after success.
   *
   * @return empty when the key has no OTP (MOSIP's KER-OTV-005)
   * @throws SQLException also when no pooled connection came within the connection timeout
   */
  Optional<Validated> validate(String key, String otp) throws SQLException {
    long asked = System.nanoTime();
    try (ConnectionTimes.Held connection = times.held(ConnectionTimes.VALIDATE, asked,
        dataSource.getConnection())) {
      try {
        Optional<Validated> result = validate(connection.connection(), key, otp, now());
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    }
  }

  private Optional<Validated> validate(Connection connection, String key, String otp,
      LocalDateTime now) throws SQLException {
    String stored;
    int attempts;
    LocalDateTime generated;
    String status;
    LocalDateTime updated;
    try (PreparedStatement select = connection.prepareStatement(SELECT_FOR_VALIDATE)) {
      select.setString(1, key);
      try (ResultSet row = select.executeQuery()) {
        if (!row.next()) {
          return Optional.empty();
        }
        stored = row.getString(1);
        attempts = row.getInt(2);
        generated = row.getObject(3, LocalDateTime.class);
        status = row.getString(4);
        updated = row.getObject(5, LocalDateTime.class);
      }
    }
    if (elapsed(generated, now, settings.expiry())) {
      return Optional.of(new Validated("failure", "OTP_EXPIRED"));
    }
    int allowed = settings.validationAttempts();
    if (attempts < allowed && UNUSED.equals(status)) {
      update(connection, COUNT_ATTEMPT, null, attempts + 1, now, key);
    }
    if (attempts == allowed) {
      update(connection, SET_STATUS, FROZEN, 0, now, key);
      return Optional.of(new Validated("failure", "USER_BLOCKED"));
    }
    if (FROZEN.equals(status)) {
      if (!elapsed(updated, now, settings.keyFreeze())) {
        return Optional.of(new Validated("failure", "USER_BLOCKED"));
      }
      if (!stored.equals(otp)) {
        update(connection, SET_STATUS, UNUSED, attempts + 1, now, key);
        return Optional.of(new Validated("failure", "VALIDATION_UNSUCCESSFUL"));
      }
      status = UNUSED;
    }
    if (stored.equals(otp) && UNUSED.equals(status)) {
      try (PreparedStatement delete = connection.prepareStatement(DELETE)) {
        delete.setString(1, key);
        delete.executeUpdate();
      }
      return Optional.of(new Validated("success", "VALIDATION_SUCCESSFUL"));
    }
    return Optional.of(new Validated("failure", "VALIDATION_UNSUCCESSFUL"));
  }

  private static void update(Connection connection, String sql, String status, int attempts,
      LocalDateTime now, String key) throws SQLException {
    try (PreparedStatement update = connection.prepareStatement(sql)) {
      int i = 1;
      if (status != null) {
        update.setString(i++, status);
      }
      update.setInt(i++, attempts);
      update.setString(i++, CREATED_BY);
      update.setObject(i++, now);
      update.setString(i, key);
      update.executeUpdate();
    }
  }

  private String newOtp() {
    StringBuilder otp = new StringBuilder(settings.otpLength());
    for (int i = 0; i < settings.otpLength(); i++) {
      otp.append((char) ('0' + random.nextInt(10)));
    }
    return otp.toString();
  }

  private static boolean elapsed(LocalDateTime since, LocalDateTime now, Duration limit) {
    return since != null && Duration.between(since, now).compareTo(limit) > 0;
  }

  /** MOSIP stores UTC wall-clock times in {@code timestamp} columns. */
  private static LocalDateTime now() {
    return LocalDateTime.now(ZoneOffset.UTC);
  }
}
