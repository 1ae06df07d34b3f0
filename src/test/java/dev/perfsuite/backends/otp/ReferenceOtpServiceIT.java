package dev.perfsuite.backends.otp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perfsuite.backends.Backends;
import dev.perfsuite.backends.LatencyProxy;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.backends.postgres.PostgresEndpoint;
import dev.perfsuite.config.PerfConfig;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The reference OTP service answers MOSIP's OTP manager API with MOSIP's rules, on real rows of
 * {@code kernel.otp_transaction}, and turns pool exhaustion into 500s.
 */
class ReferenceOtpServiceIT {
  private static final String JWT = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJwZXJmIn0.c2lnbmF0dXJl";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ExecutorService CLIENTS = Executors.newCachedThreadPool();
  private static final AtomicLong KEYS = new AtomicLong(2_000_000_000L);
  private static Backends backends;
  private static PostgresEndpoint postgres;
  private static ReferenceOtpService otp;
  private static final HttpClient HTTP = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(5)).build();

  @BeforeAll
  static void start() {
    backends = Backends.withProvider(Provider.EMBEDDED, PerfConfig.load());
    postgres = backends.postgres();
    otp = ReferenceOtpService.start(postgres, OtpServiceSettings.forPool(4));
  }

  @AfterAll
  static void stop() {
    if (otp != null) {
      otp.close();
    }
    backends.close();
    CLIENTS.shutdownNow();
  }

  @Test
  void shouldGenerateThenValidateOnceAndDeleteTheRow() throws Exception {
    String key = nextKey();
    JsonNode generated = generate(otp.baseUri(), key);
    String value = generated.at("/response/otp").asText();

    assertThat(generated.at("/response/status").asText()).isEqualTo("GENERATION_SUCCESSFUL");
    assertThat(value).as("6-digit OTP").matches("[0-9]{6}");
    assertThat(generated.at("/id").asText()).isEqualTo("mosip.otp.generateOTP");
    assertThat(generated.at("/responsetime").asText())
        .matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z");
    assertThat(generated.get("errors").isNull()).isTrue();
    assertThat(row(key)).as("stored row").isEqualTo(value + ",0,OTP_UNUSED," + key);

    JsonNode validated = validate(otp.baseUri(), key, value);
    assertThat(validated.at("/response/status").asText()).isEqualTo("success");
    assertThat(validated.at("/response/message").asText()).isEqualTo("VALIDATION_SUCCESSFUL");
    assertThat(row(key)).as("row deleted after success").isNull();

    JsonNode again = validate(otp.baseUri(), key, value);
    assertThat(again.get("response").isNull()).isTrue();
    assertThat(again.at("/errors/0/errorCode").asText()).isEqualTo("KER-OTV-005");
  }

  @Test
  void shouldCountFailedAttemptsThenFreezeTheKey() throws Exception {
    String key = nextKey();
    String value = generate(otp.baseUri(), key).at("/response/otp").asText();
    String wrong = value.equals("000000") ? "111111" : "000000";

    for (int attempt = 1; attempt <= 3; attempt++) {
      JsonNode failed = validate(otp.baseUri(), key, wrong);
      assertThat(failed.at("/response/message").asText()).as("attempt %d", attempt)
          .isEqualTo("VALIDATION_UNSUCCESSFUL");
      assertThat(row(key)).as("attempt %d counted", attempt)
          .startsWith(value + "," + attempt + ",");
    }
    JsonNode frozen = validate(otp.baseUri(), key, value);
    assertThat(frozen.at("/response/status").asText()).isEqualTo("failure");
    assertThat(frozen.at("/response/message").asText()).isEqualTo("USER_BLOCKED");
    assertThat(row(key)).contains(",KEY_FREEZED,");
    JsonNode blocked = generate(otp.baseUri(), key);
    assertThat(blocked.at("/response/status").asText()).isEqualTo("USER_BLOCKED");
    assertThat(blocked.at("/response/otp").asText()).isEqualTo("null");
  }

  @Test
  void shouldRejectExpiredOtp() throws Exception {
    try (ReferenceOtpService shortLived = ReferenceOtpService.start(postgres,
        OtpServiceSettings.forPool(1).withExpiry(Duration.ofMillis(300)))) {
      String key = nextKey();
      String value = generate(shortLived.baseUri(), key).at("/response/otp").asText();
      LocalDateTime expiry = expiryOf(key);
      await("the OTP's expiry time passing").atMost(Duration.ofSeconds(5))
          .pollInterval(Duration.ofMillis(20))
          .until(() -> LocalDateTime.now(ZoneOffset.UTC).isAfter(expiry.plusNanos(1_000_000)));
      JsonNode expired = validate(shortLived.baseUri(), key, value);
      assertThat(expired.at("/response/message").asText()).isEqualTo("OTP_EXPIRED");
    }
  }

  @Test
  void shouldAnswerMosipErrorsForBadRequests() throws Exception {
    HttpResponse<String> noCookie = send(HttpRequest.newBuilder(
        otp.baseUri().resolve("v1/otpmanager/otp/generate"))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body("1234567"))).build());
    assertThat(noCookie.statusCode()).isEqualTo(401);
    assertThat(noCookie.body()).contains("KER-ATH-401");

    assertThat(generate(otp.baseUri(), "12").at("/errors/0/errorCode").asText())
        .as("key shorter than 3").isEqualTo("KER-OTG-001");
    assertThat(validate(otp.baseUri(), nextKey(), "12a4").at("/errors/0/errorCode").asText())
        .as("non-numeric OTP").isEqualTo("KER-OTV-004");

    HttpResponse<String> wrongMethod = send(HttpRequest.newBuilder(
        otp.baseUri().resolve("v1/otpmanager/otp/validate?key=123&otp=1"))
        .header("Cookie", "Authorization=" + JWT).DELETE().build());
    assertThat(wrongMethod.statusCode()).isEqualTo(405);
    assertThat(send(HttpRequest.newBuilder(otp.baseUri().resolve("v1/other")).GET().build())
        .statusCode()).isEqualTo(404);
  }

  @Test
  void shouldServeConcurrentPairsThroughASmallPool() throws Exception {
    ExecutorService clients = Executors.newFixedThreadPool(16);
    otp.resetUsage();
    try {
      List<Future<String>> results = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        results.add(clients.submit(() -> {
          String key = nextKey();
          String value = generate(otp.baseUri(), key).at("/response/otp").asText();
          return validate(otp.baseUri(), key, value).at("/response/message").asText();
        }));
      }
      for (Future<String> result : results) {
        assertThat(result.get()).isEqualTo("VALIDATION_SUCCESSFUL");
      }
    } finally {
      clients.shutdownNow();
    }
    ReferenceOtpService.PoolUsage usage = otp.usage();
    assertThat(usage.peakActive()).as("never more than the pool").isLessThanOrEqualTo(4);
    assertThat(usage.serverErrors()).isZero();
  }

  @Test
  void shouldQueueRequestsForTheConnectionWhileTheDatabaseLinkDelaysItsRoundTrips()
      throws Exception {
    try (LatencyProxy link = LatencyProxy.start(postgres.host(), postgres.port(),
            Duration.ofMillis(50));
        ReferenceOtpService held = ReferenceOtpService.start(new PostgresEndpoint("127.0.0.1",
            link.port(), postgres.database(), postgres.username(), postgres.password()),
            OtpServiceSettings.forPool(1))) {
      held.resetUsage();
      long start = System.nanoTime();
      List<CompletableFuture<JsonNode>> calls = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        calls.add(generateAsync(held.baseUri()));
      }
      for (CompletableFuture<JsonNode> call : calls) {
        assertThat(call.get().at("/response/status").asText()).isEqualTo("GENERATION_SUCCESSFUL");
      }
      long elapsedMillis = (System.nanoTime() - start) / 1_000_000;

      List<ConnectionTimes.Use> uses = held.connectionTimes().uses();
      assertThat(uses).hasSize(3);
      assertThat(uses).as("each generate holds its connection for 3 round trips of 2 x 50 ms")
          .allSatisfy(use -> assertThat(use.holdNanos() / 1_000_000).isBetween(300L, 1_000L));
      assertThat(elapsedMillis).as("three 300 ms transactions through one connection, in turn")
          .isGreaterThanOrEqualTo(900);
      assertThat(uses.stream().filter(use -> use.waitNanos() >= 250_000_000L).count())
          .as("requests that waited for the one connection").isGreaterThanOrEqualTo(2);
      assertThat(held.settings().workerThreads()).as("Tomcat's default workers").isEqualTo(200);
    }
  }

  @Test
  void shouldAnswer500WhenNoConnectionComesWithinTheTimeout() throws Exception {
    try (ReferenceOtpService tiny = ReferenceOtpService.start(postgres,
        OtpServiceSettings.forPool(1).withConnectionTimeout(Duration.ofMillis(300)));
        Connection locker = connect()) {
      locker.setAutoCommit(false);
      try (Statement lock = locker.createStatement()) {
        lock.execute("LOCK TABLE kernel.otp_transaction IN ACCESS EXCLUSIVE MODE");
      }
      // The first request takes the only connection and blocks on the lock; the second waits
      // for the pool and times out.
      CompletableFuture<JsonNode> holder = generateAsync(tiny.baseUri());
      await("the first request blocked on the lock").atMost(Duration.ofSeconds(10))
          .until(() -> lockWaits() > 0);
      HttpResponse<String> starved = send(generateRequest(tiny.baseUri(), nextKey()));
      locker.rollback();

      assertThat(starved.statusCode()).isEqualTo(500);
      assertThat(starved.body()).contains("KER-OTV-500");
      assertThat(holder.get().at("/response/status").asText()).isEqualTo("GENERATION_SUCCESSFUL");
      assertThat(tiny.usage().serverErrors()).isEqualTo(1);
    }
  }

  @Test
  void shouldRefuseAPoolLargerThanTheFreeConnections() {
    int free = ReferenceOtpService.freeConnections(postgres);
    assertThat(free).as("embedded PostgreSQL runs with max_connections=400").isLessThan(400);
    assertThatThrownBy(() -> ReferenceOtpService.start(postgres,
        OtpServiceSettings.forPool(free + 1)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("max_connections=400")
        .hasMessageContaining("at most " + free);
  }

  private static CompletableFuture<JsonNode> generateAsync(URI base) {
    // Not the common pool: on two cores it runs one task at a time.
    return CompletableFuture.supplyAsync(() -> {
      try {
        return generate(base, nextKey());
      } catch (IOException | InterruptedException e) {
        throw new IllegalStateException(e);
      }
    }, CLIENTS);
  }

  private static String nextKey() {
    return Long.toString(KEYS.incrementAndGet());
  }

  private static String body(String key) {
    return "{\"id\":\"string\",\"metadata\":{},\"request\":{\"key\":\"" + key + "\"},"
        + "\"requesttime\":\"2018-12-10T06:12:52.994Z\",\"version\":\"string\"}";
  }

  private static HttpRequest generateRequest(URI base, String key) {
    return HttpRequest.newBuilder(base.resolve("v1/otpmanager/otp/generate"))
        .header("Cookie", "Authorization=" + JWT).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body(key))).build();
  }

  static JsonNode generate(URI base, String key)
      throws IOException, InterruptedException {
    HttpResponse<String> response = send(generateRequest(base, key));
    assertThat(response.statusCode()).as("generate status: %s", response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  static JsonNode validate(URI base, String key, String value)
      throws IOException, InterruptedException {
    HttpResponse<String> response = send(HttpRequest.newBuilder(base.resolve(
        "v1/otpmanager/otp/validate?key=" + key + "&otp=" + value))
        .header("Cookie", "Authorization=" + JWT).header("Content-Type", "application/json")
        .GET().build());
    assertThat(response.statusCode()).as("validate status: %s", response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private static HttpResponse<String> send(HttpRequest request)
      throws IOException, InterruptedException {
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private static Connection connect() throws SQLException {
    return DriverManager.getConnection(postgres.jdbcUrl(), postgres.username(),
        postgres.password().reveal());
  }

  /** The key's {@code expiry_dtimes}, UTC as MOSIP stores it. */
  private static LocalDateTime expiryOf(String key) throws SQLException {
    try (Connection connection = connect();
        Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery(
            "SELECT expiry_dtimes FROM kernel.otp_transaction WHERE id = '" + key + "'")) {
      assertThat(row.next()).as("row of %s", key).isTrue();
      return row.getObject(1, LocalDateTime.class);
    }
  }

  /** Queries waiting for a lock another transaction holds. */
  private static int lockWaits() throws SQLException {
    try (Connection connection = connect();
        Statement statement = connection.createStatement();
        ResultSet waits = statement.executeQuery(
            "SELECT count(*) FROM pg_locks WHERE NOT granted")) {
      waits.next();
      return waits.getInt(1);
    }
  }

  /** {@code otp,retries,status,ref_id} of the key's row, or null. */
  private static String row(String key) throws SQLException {
    try (Connection connection = connect();
        Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery("SELECT otp, validation_retry_count, status_code, "
            + "ref_id FROM kernel.otp_transaction WHERE id = '" + key + "'")) {
      return row.next() ? row.getString(1) + "," + row.getInt(2) + "," + row.getString(3) + ","
          + row.getString(4) : null;
    }
  }
}
