package dev.perfsuite.scenarios.sunbird.users;

import static dev.perfsuite.scenarios.FidelityHarness.ONCE;
import static dev.perfsuite.scenarios.FidelityHarness.json;
import static dev.perfsuite.scenarios.ReferenceRequests.JWT;
import static dev.perfsuite.scenarios.ReferenceRequests.UUID;
import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223PostProcessor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.perfsuite.backends.Backends;
import dev.perfsuite.config.Secret;
import dev.perfsuite.config.Secrets;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.scenarios.FidelityHarness;
import dev.perfsuite.scenarios.ReferenceRequests;
import dev.perfsuite.scenarios.ReferenceRequests.Sent;
import dev.perfsuite.scenarios.sunbird.users.RequestLog.Exchange;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Request fidelity of the Sunbird user-management journeys: each plan runs once (1 user,
 * 1 iteration) and every request it sent is checked against the reference request table
 * ({@link ReferenceRequests}, rows {@code sunbird.users.*} and {@code sunbird.login.*}): method,
 * path, headers and body shape. Nothing here compares with a constant the plans send.
 *
 * <p>Sunbird APIs go to the capturing stubs ({@link FidelityHarness}); Keycloak and the stub
 * portal are the run's embedded backends (shared across classes, see {@link FidelityHarness}),
 * whose exchanges JMeter itself records ({@link RequestLog}), masked so that the realm's password
 * reads {@code ****}.
 */
class SunbirdUsersFidelityIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String API_KEY = "eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJmaWRlbGl0eSJ9.c2ln";
  private static final String FIRST_USER = "user0001";
  private static final String FIRST_EMAIL = "user0001@perf.example";
  private static final Map<String, String> KEY = Map.of("apiKey", API_KEY);

  @RegisterExtension
  static final FidelityHarness HARNESS = FidelityHarness.stubsAndLocalBackends();

  private static UserTargets targets;

  @BeforeAll
  static void aimAtStubsAndKeycloak() {
    Backends backends = HARNESS.backends();
    targets = new UserTargets(HARNESS.base(), backends.stubs().base(), backends.keycloak(),
        new Secret("test:apiKey", API_KEY), HARNESS.work().resolve("data"));
  }

  @BeforeEach
  void forgetExchanges() {
    RequestLog.clear();
  }

  @Test
  void shouldPostSignupWithNewAddressAndGeneratedPasswordWhenSigningUp() {
    Secret password = UserData.signupPassword();
    LoggedRequest request = single(UserJourneys.signup(targets, ONCE, password));

    FidelityHarness.check("sunbird.users.signup", request, KEY);
    JsonNode body = json("signup", request.getBodyAsString()).path("request");
    assertThat(body.path("firstName").asText()).as("firstName from signup-first-names.csv")
        .isEqualTo("Aarav");
    assertThat(body.path("email").asText()).as("a new address per request")
        .matches("perf\\.signup\\." + UUID + "@perf\\.example");
    assertThat(Secrets.mask(body.path("password").asText())).as("the run's generated password")
        .isEqualTo("****");
  }

  @Test
  void shouldGetSettingByNameWhenReadingSystemSettings() {
    LoggedRequest request = single(UserJourneys.systemSettingsRead(targets, ONCE));

    FidelityHarness.check("sunbird.users.system-settings", request,
        Map.of("apiKey", API_KEY, "settingName", "custodianOrgId"));
  }

  @Test
  void shouldGetRealmUserByEmailWhenGettingUserByEmail() {
    LoggedRequest request = single(UserJourneys.userByEmail(targets, ONCE));

    FidelityHarness.check("sunbird.users.user-get", request,
        Map.of("apiKey", API_KEY, "email", FIRST_EMAIL));
  }

  @Test
  void shouldGetRolesWithUserIdWhenReadingRoles() {
    LoggedRequest request = single(UserJourneys.roleRead(targets, ONCE));

    FidelityHarness.check("sunbird.users.role-read", request,
        Map.of("apiKey", API_KEY, "userId", UserData.userId(FIRST_USER)));
  }

  @Test
  void shouldPostSlugFilterWhenSearchingOrganisations() {
    LoggedRequest request = single(UserJourneys.orgSearch(targets, ONCE));

    FidelityHarness.check("sunbird.users.org-search", request,
        Map.of("apiKey", API_KEY, "slug", "ntp"));
  }

  @Test
  void shouldVerifyWithTheOtpGenerateReturnedWhenGeneratingAndVerifyingOtp() throws Exception {
    List<LoggedRequest> requests = runOnce(UserJourneys.otpGenerateVerify(targets, ONCE));

    assertThat(requests).as("generate then verify").hasSize(2);
    LoggedRequest generate = requests.get(0);
    LoggedRequest verify = requests.get(1);
    FidelityHarness.check("sunbird.users.otp-generate", generate,
        Map.of("apiKey", API_KEY, "email", FIRST_EMAIL));
    String otp = stubOtp(FIRST_EMAIL);
    assertThat(otp).as("the stub's OTP differs from the reference's fixed one")
        .isNotEqualTo("45678");
    FidelityHarness.check("sunbird.users.otp-verify", verify,
        Map.of("apiKey", API_KEY, "email", FIRST_EMAIL, "otp", otp));
    assertThat(verifyOtp(FIRST_EMAIL, "45678")).as("the stub rejects the reference's fixed OTP")
        .contains("\"err\":\"OTP_VERIFICATION_FAILED\"");
  }

  @Test
  void shouldGetExistenceByEmailWhenCheckingUserExists() {
    LoggedRequest request = single(UserJourneys.userExists(targets, ONCE));

    FidelityHarness.check("sunbird.users.user-exists", request,
        Map.of("apiKey", API_KEY, "email", FIRST_EMAIL));
  }

  @Test
  void shouldPostPasswordGrantOfPublicClientWhenGeneratingToken() {
    List<LoggedRequest> captured = runOnce(UserJourneys.generateToken(targets, ONCE));

    assertThat(captured).as("nothing goes to the Sunbird APIs").isEmpty();
    List<Exchange> exchanges = RequestLog.exchanges();
    assertThat(exchanges).as("one token request").hasSize(1);
    Exchange token = exchanges.get(0);
    checkPasswordGrant(token);
    assertThat(token.status()).as("Keycloak's answer").isEqualTo("200");
  }

  @Test
  void shouldSendTheUsersOwnTokenWhenReadingProfile() {
    LoggedRequest read = single(UserJourneys.profileRead(targets, ONCE));

    List<Exchange> exchanges = RequestLog.exchanges();
    assertThat(exchanges).extracting(Exchange::label).as("token first, then the read")
        .containsExactly(UserJourneys.USER_TOKEN, UserJourneys.PROFILE_READ);
    checkPasswordGrant(exchanges.get(0));
    String token = read.getHeader("x-authenticated-user-token");
    assertThat(token).as("x-authenticated-user-token: a real Keycloak token").matches(JWT);
    String subject = TokenScripts.subject(token);
    assertThat(subject).as("token subject, the Keycloak user id").matches(UUID);
    FidelityHarness.check("sunbird.users.profile-read", read,
        Map.of("apiKey", API_KEY, "userId", subject));
  }

  @Test
  void shouldFollowTheFourCallsOfLoginJmxWhenLoggingIn() {
    RunResult result = HARNESS.run(UserJourneys.loginWorkflow(targets, ONCE)
        .with(jsr223PostProcessor(RequestLog.Record.class)));
    List<Exchange> calls = RequestLog.exchanges();
    assertThat(calls).extracting(Exchange::label).as("the four calls, in order")
        .containsExactly(UserJourneys.LOGIN_PORTAL, UserJourneys.LOGIN_PAGE,
            UserJourneys.LOGIN_CREDENTIALS, UserJourneys.LOGIN_CALLBACK);
    URI portal = targets.portal();
    String keycloak = targets.keycloak().baseUrl().toString();

    Exchange home = calls.get(0);
    assertThat(home.url()).as("1: the portal").startsWith(portal.toString());
    FidelityHarness.check("sunbird.login.home", sent(home), Map.of());
    assertThat(home.status()).as("1: redirect, not followed").isEqualTo("302");
    String auth = home.responseHeader("Location");
    assertThat(auth).as("1: Location, the realm's auth endpoint for client portal")
        .startsWith(targets.keycloak().authUrl() + "?client_id=portal&redirect_uri=");

    Exchange page = calls.get(1);
    assertThat(page.url()).as("2: GET the Location as is").isEqualTo(auth);
    FidelityHarness.check("sunbird.login.auth", sent(page), Map.of());
    assertThat(page.status()).as("2: login page").isEqualTo("200");
    assertThat(page.responseHeader("Set-Cookie")).as("2: Keycloak's session cookie")
        .isNotEmpty();

    Exchange credentials = calls.get(2);
    FidelityHarness.check("sunbird.login.credentials", sent(credentials),
        Map.of("referer", auth, "email", FIRST_EMAIL, "password", "****"));
    assertThat(credentials.url()).as("3: the form action, entities decoded")
        .startsWith(keycloak + "/realms/sunbird/login-actions/authenticate?session_code=")
        .contains("&execution=", "&client_id=portal", "&tab_id=")
        .doesNotContain("&amp;");
    assertThat(credentials.cookies()).as("3: one Cookie header with Keycloak's Secure session "
        + "cookies of step 2 and the portal's cookie")
        .contains("AUTH_SESSION_ID=" + setCookie(page, "AUTH_SESSION_ID"))
        .contains("KC_RESTART=" + setCookie(page, "KC_RESTART"))
        .contains("connect.sid=");
    assertThat(credentials.status()).as("3: credentials accepted (a 400 here means the "
        + "AUTH_SESSION_ID cookie did not reach Keycloak)").isEqualTo("302");
    String callback = credentials.responseHeader("Location");
    assertThat(callback).as("3: Location, the portal callback with a code")
        .startsWith(portal.resolve("resources?auth_callback=1").toString())
        .contains("&code=");

    Exchange back = calls.get(3);
    assertThat(back.url()).as("4: GET the callback as is").isEqualTo(callback);
    FidelityHarness.check("sunbird.login.callback", sent(back), Map.of());
    assertThat(back.status()).as("4: portal redirects home").isEqualTo("302");
    assertThat(back.responseHeader("Location")).as("4: home").endsWith("/resources/home");

    assertThat(result.summary(UserJourneys.LOGIN, Phase.MEASUREMENT).orElseThrow().samples())
        .as("one KeycloakLogin transaction").isEqualTo(1);
    assertThat(result.overall(Phase.MEASUREMENT).errors()).as("failed samples").isZero();
  }

  /** Runs a plan once, recording what JMeter sent; see {@link FidelityHarness#runOnce}. */
  private static List<LoggedRequest> runOnce(LoadPlan plan) {
    return HARNESS.runOnce(plan.with(jsr223PostProcessor(RequestLog.Record.class)));
  }

  private static LoggedRequest single(LoadPlan plan) {
    List<LoggedRequest> requests = runOnce(plan);
    assertThat(requests).as("%s sent one request to the Sunbird APIs", plan.scenario())
        .hasSize(1);
    return requests.get(0);
  }

  /** The value a response's {@code Set-Cookie} gives a cookie. */
  private static String setCookie(Exchange response, String name) {
    for (String line : response.responseHeaders().split("\\r?\\n")) {
      if (line.regionMatches(true, 0, "Set-Cookie: " + name + "=", 0, name.length() + 13)) {
        return line.substring(name.length() + 13).split(";", 2)[0];
      }
    }
    throw new AssertionError(name + " not set by " + response.label());
  }

  private static void checkPasswordGrant(Exchange token) {
    assertThat(token.url()).as("token endpoint")
        .isEqualTo(targets.keycloak().tokenUrl().toString());
    FidelityHarness.check("sunbird.users.token", sent(token), Map.of("clientId",
        "sunbird-direct", "username", FIRST_USER, "password", "****"));
  }

  /** An exchange JMeter recorded, as the reference table checks it. */
  private static Sent sent(Exchange exchange) {
    return Sent.of(exchange.method(), exchange.url(), exchange.requestHeaders(),
        exchange.body());
  }

  /** The OTP the stub returns for a key, asked of it directly. */
  private static String stubOtp(String key) throws Exception {
    String body = post("api/otp/v1/generate",
        "{\"request\":{\"key\":\"" + key + "\",\"type\":\"email\"}}");
    return JSON.readTree(body).path("result").path("otp").asText();
  }

  private static String verifyOtp(String key, String otp) throws Exception {
    return post("api/otp/v1/verify",
        "{\"request\":{\"key\":\"" + key + "\",\"type\":\"email\",\"otp\":\"" + otp + "\"}}");
  }

  private static String post(String path, String body) throws Exception {
    HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest
        .newBuilder(HARNESS.base().resolve(path))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as("stub status of %s", path).isEqualTo(200);
    return response.body();
  }
}
