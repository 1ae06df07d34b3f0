package dev.perfsuite.scenarios.mosip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.perfsuite.config.Secret;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.engines.LoadEngine;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.scenarios.CapturingStubs;
import dev.perfsuite.scenarios.ReferenceRequests;
import dev.perfsuite.scenarios.ReferenceRequests.Sent;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MOSIP journeys send the requests of the reference scripts (rows {@code mosip.*} of
 * {@link ReferenceRequests}): method, path, query, headers, body shape, the token taken from
 * {@code Set-Cookie} and the OTP taken from {@code response.otp}.
 * Each journey runs once (1 user, 1 iteration) against the capturing stubs, which also answer the
 * OTP manager API.
 */
class MosipFidelityIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern JWT =
      Pattern.compile("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");
  private static final Pattern SET_COOKIE = Pattern.compile("^Authorization=([\\w.-]+);");
  private static final Pattern REQUEST_TIME =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z");
  private static final ReferenceRequests REFERENCE = ReferenceRequests.table();
  private static final LoadProfile ONCE = Profiles.smoke().withUsers(1).withIterations(1)
      .withWarmUp(Duration.ZERO);

  @TempDir
  Path results;
  private CapturingStubs stubs;
  private LoadEngine engine;

  @BeforeEach
  void startStubs() {
    stubs = CapturingStubs.start();
    engine = Engines.embedded(results, Duration.ofSeconds(2), Duration.ofSeconds(5));
  }

  @AfterEach
  void stopStubs() {
    stubs.close();
  }

  @Test
  void shouldAuthenticateThenValidateTheTokenFromSetCookie() throws Exception {
    Instant before = Instant.now();
    RunResult result = engine.run(AuthManagerJourney.plan(stubs.base(), MosipClient.local(),
        ONCE));

    List<ServeEvent> events = events();
    assertThat(events).as("authenticate, validateToken").hasSize(2);
    String token = assertAuthenticate(events.get(0), "placeholder-stubs-accept-any-secret",
        before);
    LoggedRequest validate = events.get(1).getRequest();
    REFERENCE.row("mosip.validate-token").check(Sent.of(validate), Map.of("jwt", token));
    assertThat(result.overall(Phase.MEASUREMENT).errors())
        .as("assertions passed on the stubs' answers").isZero();
  }

  @Test
  void shouldGenerateThenValidateTheGeneratedOtpForTheCounterKey() throws Exception {
    Instant before = Instant.now();
    RunResult result = engine.run(OtpManagerJourney.plan("mosip-otp-fidelity", stubs.base(),
        stubs.base(), MosipClient.local(), ONCE, OtpManagerJourney.THINK_TIME));

    List<ServeEvent> events = events();
    assertThat(events).as("authenticate, generate, validate").hasSize(3);
    String token = assertAuthenticate(events.get(0), "placeholder-stubs-accept-any-secret",
        before);

    LoggedRequest generate = events.get(1).getRequest();
    // The counter's first value: Kernel_OTPManager_Test_Script.jmx starts it at 1000000000.
    REFERENCE.row("mosip.otp-generate").check(Sent.of(generate),
        Map.of("jwt", token, "key", "1000000000"));
    assertRequestTime(JSON.readTree(generate.getBodyAsString()).get("requesttime").asText(),
        before);

    String otp = JSON.readTree(events.get(1).getResponse().getBodyAsString())
        .at("/response/otp").asText();
    LoggedRequest validate = events.get(2).getRequest();
    REFERENCE.row("mosip.otp-validate").check(Sent.of(validate),
        Map.of("jwt", token, "key", "1000000000", "otp", otp));
    assertThat(Duration.between(generate.getLoggedDate().toInstant(),
        validate.getLoggedDate().toInstant()))
        .as("the seed's 1 s think time between generate and validate")
        .isGreaterThanOrEqualTo(OtpManagerJourney.THINK_TIME);
    assertThat(result.overall(Phase.MEASUREMENT).errors())
        .as("assertions passed on the stubs' answers").isZero();
  }

  @Test
  void shouldPauseOneSecondBetweenAuthenticateAndValidateTokenWhenAskedAsTheReference() {
    engine.run(AuthManagerJourney.plan(stubs.base(), MosipClient.local(), ONCE,
        Duration.ofMillis(1000)));

    List<ServeEvent> events = events();
    assertThat(events).as("authenticate, validateToken").hasSize(2);
    REFERENCE.row("mosip.authenticate").check(Sent.of(events.get(0).getRequest()));
    REFERENCE.row("mosip.validate-token").check(Sent.of(events.get(1).getRequest()));
    assertThat(Duration.between(events.get(0).getRequest().getLoggedDate().toInstant(),
        events.get(1).getRequest().getLoggedDate().toInstant()))
        .as("02.kernel_auth_service.jmx's 1000 ms thinktime between the two calls")
        .isGreaterThanOrEqualTo(Duration.ofMillis(1000));
  }

  @Test
  void shouldSendTheEnvironmentSecretInsteadOfTheCsvPlaceholderForANamedTarget()
      throws Exception {
    String secret = "s3cr\"et\\key${clientId},x";
    engine.run(AuthManagerJourney.plan(stubs.base(),
        new MosipClient(Optional.of(new Secret("PERF_MOSIP_SECRET_KEY", secret))), ONCE));

    List<ServeEvent> events = events();
    assertThat(events).hasSize(2);
    assertAuthenticate(events.get(0), secret, Instant.now().minusSeconds(60));
    assertThat(events.get(0).getRequest().getBodyAsString())
        .doesNotContain("placeholder-stubs-accept-any-secret");
  }

  /** Checks the authenticate request of §C.1 and returns the token its answer set. */
  private static String assertAuthenticate(ServeEvent event, String secretKey, Instant before)
      throws Exception {
    LoggedRequest request = event.getRequest();
    // The helper script's defaults: client mosip-resident-client of app resident.
    REFERENCE.row("mosip.authenticate").check(Sent.of(request), Map.of(
        "clientId", "mosip-resident-client", "secretKey", secretKey, "appId", "resident"));
    assertRequestTime(JSON.readTree(request.getBodyAsString()).get("requesttime").asText(),
        before);

    Matcher cookie = SET_COOKIE.matcher(event.getResponse().getHeaders()
        .getHeader("Set-Cookie").firstValue());
    assertThat(cookie.find()).as("stub answered a Set-Cookie Authorization").isTrue();
    assertThat(cookie.group(1)).matches(JWT);
    return cookie.group(1);
  }

  /** UTC now, calendar year ({@code yyyy}, not the reference's week year {@code YYYY}). */
  private static void assertRequestTime(String requestTime, Instant before) {
    assertThat(requestTime).matches(REQUEST_TIME);
    Instant sent = Instant.parse(requestTime);
    assertThat(sent.toEpochMilli()).as("requesttime is the current UTC time")
        .isCloseTo(Instant.now().toEpochMilli(), within(60_000L))
        .isGreaterThanOrEqualTo(before.toEpochMilli() - 1000);
  }

  /** Arrival order: WireMock lists newest first, and same-millisecond dates cannot order them. */
  private List<ServeEvent> events() {
    List<ServeEvent> arrival = new ArrayList<>(stubs.server().getAllServeEvents());
    Collections.reverse(arrival);
    return arrival;
  }
}
