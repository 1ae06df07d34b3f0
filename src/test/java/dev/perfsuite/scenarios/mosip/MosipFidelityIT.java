package dev.perfsuite.scenarios.mosip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.perfsuite.config.Secret;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.scenarios.FidelityHarness;
import dev.perfsuite.scenarios.ReferenceRequests;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The MOSIP journeys send the requests of the reference scripts (rows {@code mosip.*} of
 * {@link ReferenceRequests}): method, path, query, headers, body shape, the token taken from
 * {@code Set-Cookie} and the OTP taken from {@code response.otp}.
 * Each journey runs once (1 user, 1 iteration) against the capturing stubs, which also answer the
 * OTP manager API.
 */
class MosipFidelityIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern SET_COOKIE = Pattern.compile("^Authorization=([\\w.-]+);");
  private static final Pattern REQUEST_TIME =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z");

  @RegisterExtension
  static final FidelityHarness HARNESS = FidelityHarness.stubs();

  @Test
  void shouldAuthenticateThenValidateTheTokenFromSetCookie() throws Exception {
    Instant before = Instant.now();
    RunResult result = HARNESS.run(AuthManagerJourney.plan(HARNESS.base(), MosipClient.local(),
        FidelityHarness.ONCE));

    List<ServeEvent> events = HARNESS.events();
    assertThat(events).as("authenticate, validateToken").hasSize(2);
    String token = assertAuthenticate(events.get(0), "placeholder-stubs-accept-any-secret",
        before);
    LoggedRequest validate = events.get(1).getRequest();
    FidelityHarness.check("mosip.validate-token", validate, Map.of("jwt", token));
    assertThat(result.overall(Phase.MEASUREMENT).errors())
        .as("assertions passed on the stubs' answers").isZero();
  }

  @Test
  void shouldGenerateThenValidateTheGeneratedOtpForTheCounterKey() throws Exception {
    Instant before = Instant.now();
    RunResult result = HARNESS.run(OtpManagerJourney.plan("mosip-otp-fidelity", HARNESS.base(),
        HARNESS.base(), MosipClient.local(), FidelityHarness.ONCE, OtpManagerJourney.THINK_TIME));

    List<ServeEvent> events = HARNESS.events();
    assertThat(events).as("authenticate, generate, validate").hasSize(3);
    String token = assertAuthenticate(events.get(0), "placeholder-stubs-accept-any-secret",
        before);

    LoggedRequest generate = events.get(1).getRequest();
    // The counter's first value: Kernel_OTPManager_Test_Script.jmx starts it at 1000000000.
    FidelityHarness.check("mosip.otp-generate", generate,
        Map.of("jwt", token, "key", "1000000000"));
    assertRequestTime(JSON.readTree(generate.getBodyAsString()).get("requesttime").asText(),
        before);

    String otp = JSON.readTree(events.get(1).getResponse().getBodyAsString())
        .at("/response/otp").asText();
    LoggedRequest validate = events.get(2).getRequest();
    FidelityHarness.check("mosip.otp-validate", validate,
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
    HARNESS.run(AuthManagerJourney.plan(HARNESS.base(), MosipClient.local(), FidelityHarness.ONCE,
        Duration.ofMillis(1000)));

    List<ServeEvent> events = HARNESS.events();
    assertThat(events).as("authenticate, validateToken").hasSize(2);
    FidelityHarness.check("mosip.authenticate", events.get(0).getRequest());
    FidelityHarness.check("mosip.validate-token", events.get(1).getRequest());
    assertThat(Duration.between(events.get(0).getRequest().getLoggedDate().toInstant(),
        events.get(1).getRequest().getLoggedDate().toInstant()))
        .as("02.kernel_auth_service.jmx's 1000 ms thinktime between the two calls")
        .isGreaterThanOrEqualTo(Duration.ofMillis(1000));
  }

  @Test
  void shouldSendTheEnvironmentSecretInsteadOfTheCsvPlaceholderForANamedTarget()
      throws Exception {
    String secret = "s3cr\"et\\key${clientId},x";
    HARNESS.run(AuthManagerJourney.plan(HARNESS.base(),
        new MosipClient(Optional.of(new Secret("PERF_MOSIP_SECRET_KEY", secret))),
        FidelityHarness.ONCE));

    List<ServeEvent> events = HARNESS.events();
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
    FidelityHarness.check("mosip.authenticate", request, Map.of(
        "clientId", "mosip-resident-client", "secretKey", secretKey, "appId", "resident"));
    assertRequestTime(JSON.readTree(request.getBodyAsString()).get("requesttime").asText(),
        before);

    Matcher cookie = SET_COOKIE.matcher(event.getResponse().getHeaders()
        .getHeader("Set-Cookie").firstValue());
    assertThat(cookie.find()).as("stub answered a Set-Cookie Authorization").isTrue();
    assertThat(cookie.group(1)).matches(ReferenceRequests.JWT);
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
}
