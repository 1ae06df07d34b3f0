package dev.perfsuite.scenarios.sunbird.users;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223PostProcessor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.perfsuite.backends.Backends;
import dev.perfsuite.backends.KeycloakEndpoint;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.config.Secret;
import dev.perfsuite.config.Secrets;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.engines.LoadEngine;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.scenarios.CapturingStubs;
import dev.perfsuite.scenarios.sunbird.users.RequestLog.Exchange;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Request fidelity of the Sunbird user-management journeys: each plan runs once (1 user,
 * 1 iteration) and every request it sent is checked against the reference request table of
 * seed-systems.md §A.4 and the login workflow of §A.5: method, path, headers and body shape.
 *
 * <p>Sunbird APIs go to {@link CapturingStubs}; Keycloak and the stub portal are the embedded
 * backends (Keycloak starts here, 20-45 s), whose exchanges JMeter itself records
 * ({@link RequestLog}), masked so that the realm's password reads {@code ****}.
 */
class SunbirdUsersFidelityIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String UUID =
      "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
  private static final String JWT = "[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+";
  private static final LoadProfile ONCE = Profiles.smoke().withUsers(1).withIterations(1)
      .withWarmUp(Duration.ZERO);
  private static final String API_KEY = "eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJmaWRlbGl0eSJ9.c2ln";
  private static final String FIRST_USER = "user0001";
  private static final String FIRST_EMAIL = "user0001@perf.example";

  @TempDir
  static Path work;

  private static CapturingStubs stubs;
  private static Backends backends;
  private static UserTargets targets;
  private static LoadEngine engine;

  @BeforeAll
  static void start() {
    backends = Backends.withProvider(Provider.EMBEDDED, PerfConfig.load());
    KeycloakEndpoint keycloak = backends.keycloak();
    stubs = CapturingStubs.start();
    targets = new UserTargets(stubs.base(), backends.stubs().base(), keycloak,
        new Secret("test:apiKey", API_KEY), work.resolve("data"));
    engine = Engines.embedded(work.resolve("results"), Duration.ofSeconds(5),
        Duration.ofSeconds(30));
  }

  @AfterAll
  static void stop() {
    if (stubs != null) {
      stubs.close();
    }
    if (backends != null) {
      backends.close();
    }
  }

  @BeforeEach
  void forgetRequests() {
    stubs.reset();
    RequestLog.clear();
  }

  @Test
  void shouldPostSignupWithNewAddressAndGeneratedPasswordWhenSigningUp() {
    Secret password = UserData.signupPassword();
    LoggedRequest request = single(UserJourneys.signup(targets, ONCE, password));

    assertThat(request.getMethod().getName()).as("method").isEqualTo("POST");
    assertThat(request.getUrl()).as("path").isEqualTo("/api/user/v1/signup");
    checkJsonHeaders(request, true);
    JsonNode body = json(request).path("request");
    assertThat(body.path("firstName").asText()).as("firstName from signup-first-names.csv")
        .isEqualTo("Aarav");
    assertThat(body.path("email").asText()).as("a new address per request")
        .matches("perf\\.signup\\." + UUID + "@perf\\.example");
    assertThat(body.path("emailVerified").isBoolean() && body.path("emailVerified").asBoolean())
        .as("emailVerified true").isTrue();
    assertThat(Secrets.mask(body.path("password").asText())).as("the run's generated password")
        .isEqualTo("****");
    assertThat(fieldNames(body)).as("request fields")
        .containsExactly("firstName", "email", "emailVerified", "password");
  }

  @Test
  void shouldGetSettingByNameWhenReadingSystemSettings() {
    LoggedRequest request = single(UserJourneys.systemSettingsRead(targets, ONCE));

    assertThat(request.getMethod().getName()).as("method").isEqualTo("GET");
    assertThat(request.getUrl()).as("path with the first setting of system-settings.csv")
        .isEqualTo("/api/data/v1/system/settings/get/custodianOrgId");
    assertThat(request.getHeader("Content-Type")).as("Content-Type")
        .startsWith("application/json");
    assertThat(request.getHeader("X-Scenario-Id")).as("X-Scenario-Id")
        .isEqualTo("sunbird-users-system-settings-read");
    assertThat(request.getHeader("Authorization")).as("Authorization")
        .isEqualTo("Bearer " + API_KEY);
  }

  @Test
  void shouldGetRealmUserByEmailWhenGettingUserByEmail() {
    LoggedRequest request = single(UserJourneys.userByEmail(targets, ONCE));

    assertThat(request.getMethod().getName()).as("method").isEqualTo("GET");
    assertThat(request.getUrl()).as("path with the realm's first user")
        .isEqualTo("/api/user/v1/get/email/" + FIRST_EMAIL);
    checkJsonHeaders(request, true);
    assertThat(request.getHeader("Connection")).as("Connection")
        .isEqualToIgnoringCase("keep-alive");
  }

  @Test
  void shouldGetRolesWithUserIdWhenReadingRoles() {
    LoggedRequest request = single(UserJourneys.roleRead(targets, ONCE));

    assertThat(request.getMethod().getName()).as("method").isEqualTo("GET");
    assertThat(request.getUrl()).as("path with the first user's id")
        .isEqualTo("/api/data/v1/role/read/" + UserData.userId(FIRST_USER));
    assertThat(request.getHeader("Accept")).as("accept").isEqualTo("application/json");
    assertThat(request.getHeader("Authorization")).as("Authorization")
        .isEqualTo("Bearer " + API_KEY);
  }

  @Test
  void shouldPostSlugFilterWhenSearchingOrganisations() {
    LoggedRequest request = single(UserJourneys.orgSearch(targets, ONCE));

    assertThat(request.getMethod().getName()).as("method").isEqualTo("POST");
    assertThat(request.getUrl()).as("path").isEqualTo("/api/org/v1/search");
    checkJsonHeaders(request, true);
    JsonNode filters = json(request).path("request").path("filters");
    assertThat(filters.path("slug").asText()).as("slug from org-slugs.csv, a string")
        .isEqualTo("ntp");
    assertThat(filters.path("isRootOrg").isBoolean() && filters.path("isRootOrg").asBoolean())
        .as("isRootOrg: true").isTrue();
    assertThat(fieldNames(filters)).as("filters").containsExactly("slug", "isRootOrg");
  }

  @Test
  void shouldVerifyWithTheOtpGenerateReturnedWhenGeneratingAndVerifyingOtp() throws Exception {
    List<LoggedRequest> requests = runOnce(UserJourneys.otpGenerateVerify(targets, ONCE));

    assertThat(requests).as("generate then verify").hasSize(2);
    LoggedRequest generate = requests.get(0);
    LoggedRequest verify = requests.get(1);
    assertThat(generate.getUrl()).as("generate path").isEqualTo("/api/otp/v1/generate");
    assertThat(verify.getUrl()).as("verify path").isEqualTo("/api/otp/v1/verify");
    for (LoggedRequest request : requests) {
      assertThat(request.getMethod().getName()).as("method").isEqualTo("POST");
      checkJsonHeaders(request, true);
    }
    JsonNode generated = json(generate).path("request");
    assertThat(generated.path("key").asText()).as("key").isEqualTo(FIRST_EMAIL);
    assertThat(generated.path("type").asText()).as("type").isEqualTo("email");
    assertThat(fieldNames(generated)).as("generate fields").containsExactly("key", "type");
    JsonNode verified = json(verify).path("request");
    String otp = stubOtp(FIRST_EMAIL);
    assertThat(verified.path("key").asText()).as("verify key").isEqualTo(FIRST_EMAIL);
    assertThat(verified.path("otp").asText()).as("the OTP generate returned, not 45678")
        .isEqualTo(otp).isNotEqualTo("45678");
    assertThat(fieldNames(verified)).as("verify fields").containsExactly("key", "type", "otp");
    assertThat(verifyOtp(FIRST_EMAIL, "45678")).as("the stub rejects the reference's fixed OTP")
        .contains("\"err\":\"OTP_VERIFICATION_FAILED\"");
  }

  @Test
  void shouldGetExistenceByEmailWhenCheckingUserExists() {
    LoggedRequest request = single(UserJourneys.userExists(targets, ONCE));

    assertThat(request.getMethod().getName()).as("method").isEqualTo("GET");
    assertThat(request.getUrl()).as("path, without /api as user-existence.jmx")
        .isEqualTo("/v1/user/exists/email/" + FIRST_EMAIL);
    assertThat(request.getHeader("Content-Type")).as("Content-Type")
        .startsWith("application/json");
    assertThat(request.getHeader("Authorization")).as("Authorization")
        .isEqualTo("Bearer " + API_KEY);
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
    assertThat(read.getMethod().getName()).as("method").isEqualTo("GET");
    assertThat(read.getUrl()).as("path: the token's user, with user-read.jmx's fields")
        .isEqualTo("/api/user/v2/read/" + subject
            + "?fields=organisations,roles,locations,declarations");
    assertThat(read.getHeader("Authorization")).as("Authorization")
        .isEqualTo("Bearer " + API_KEY);
    assertThat(read.getHeader("X-Device-Id")).as("X-Device-Id generated").matches(UUID);
    assertThat(read.getHeader("X-App-Id")).as("X-App-Id").isEqualTo("org.sunbird.app");
    assertThat(read.getHeader("User-Agent")).as("User-Agent").isEqualTo(UserJourneys.BROWSER);
  }

  @Test
  void shouldFollowTheFourCallsOfLoginJmxWhenLoggingIn() {
    RunResult result = engine.run(UserJourneys.loginWorkflow(targets, ONCE)
        .with(jsr223PostProcessor(RequestLog.Record.class)));
    List<Exchange> calls = RequestLog.exchanges();
    assertThat(calls).extracting(Exchange::label).as("the four calls, in order")
        .containsExactly(UserJourneys.LOGIN_PORTAL, UserJourneys.LOGIN_PAGE,
            UserJourneys.LOGIN_CREDENTIALS, UserJourneys.LOGIN_CALLBACK);
    URI portal = targets.portal();
    String keycloak = targets.keycloak().baseUrl().toString();

    Exchange home = calls.get(0);
    assertThat(home.method() + " " + home.url()).as("1: portal /resources/")
        .isEqualTo("GET " + portal.resolve("resources/"));
    assertThat(home.requestHeader("User-Agent")).as("browser UA").isEqualTo(UserJourneys.BROWSER);
    assertThat(home.requestHeader("Accept")).as("browser Accept").startsWith("text/html");
    assertThat(home.status()).as("1: redirect, not followed").isEqualTo("302");
    String auth = home.responseHeader("Location");
    assertThat(auth).as("1: Location, the realm's auth endpoint for client portal")
        .startsWith(targets.keycloak().authUrl() + "?client_id=portal&redirect_uri=");

    Exchange page = calls.get(1);
    assertThat(page.method() + " " + page.url()).as("2: GET the Location as is")
        .isEqualTo("GET " + auth);
    assertThat(page.status()).as("2: login page").isEqualTo("200");
    assertThat(page.responseHeader("Set-Cookie")).as("2: Keycloak's session cookie")
        .isNotEmpty();

    Exchange credentials = calls.get(2);
    assertThat(credentials.method()).as("3: method").isEqualTo("POST");
    assertThat(credentials.url()).as("3: the form action, entities decoded")
        .startsWith(keycloak + "/realms/sunbird/login-actions/authenticate?session_code=")
        .contains("&execution=", "&client_id=portal", "&tab_id=")
        .doesNotContain("&amp;");
    assertThat(URLDecoder.decode(credentials.body(), StandardCharsets.UTF_8))
        .as("3: form with the user's e-mail and the realm's password")
        .isEqualTo("username=" + FIRST_EMAIL + "&password=****&credentialId=");
    assertThat(credentials.requestHeader("Content-Type")).as("3: Content-Type")
        .startsWith("application/x-www-form-urlencoded");
    assertThat(credentials.requestHeader("Referer")).as("3: Referer, the auth URL")
        .isEqualTo(auth);
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
    assertThat(back.method() + " " + back.url()).as("4: GET the callback as is")
        .isEqualTo("GET " + callback);
    assertThat(back.status()).as("4: portal redirects home").isEqualTo("302");
    assertThat(back.responseHeader("Location")).as("4: home").endsWith("/resources/home");

    assertThat(result.summary(UserJourneys.LOGIN, Phase.MEASUREMENT).orElseThrow().samples())
        .as("one KeycloakLogin transaction").isEqualTo(1);
    assertThat(result.overall(Phase.MEASUREMENT).errors()).as("failed samples").isZero();
  }

  /** Runs a plan once; fails on any failed sample; returns what the capturing stubs received. */
  private static List<LoggedRequest> runOnce(LoadPlan plan) {
    RunResult result = engine.run(plan.with(jsr223PostProcessor(RequestLog.Record.class)));
    assertThat(result.overall(Phase.MEASUREMENT).errors())
        .as("failed samples of %s (see %s)", plan.scenario(), result.directory()).isZero();
    assertThat(result.overall(Phase.MEASUREMENT).samples()).as("samples").isPositive();
    return stubs.requests();
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
    assertThat(token.method() + " " + token.url()).as("token endpoint")
        .isEqualTo("POST " + targets.keycloak().tokenUrl());
    assertThat(token.requestHeader("Content-Type")).as("Content-Type")
        .startsWith("application/x-www-form-urlencoded");
    assertThat(URLDecoder.decode(token.body(), StandardCharsets.UTF_8))
        .as("generate-token.jmx's form, with the realm's public client and password")
        .isEqualTo("client_id=sunbird-direct&username=" + FIRST_USER
            + "&password=****&grant_type=password");
  }

  private static void checkJsonHeaders(LoggedRequest request, boolean accept) {
    assertThat(request.getHeader("Content-Type")).as("Content-Type")
        .startsWith("application/json");
    if (accept) {
      assertThat(request.getHeader("Accept")).as("Accept").isEqualTo("application/json");
    }
    assertThat(request.getHeader("Authorization")).as("Authorization")
        .isEqualTo("Bearer " + API_KEY);
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
        .newBuilder(stubs.base().resolve(path))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as("stub status of %s", path).isEqualTo(200);
    return response.body();
  }

  private static JsonNode json(LoggedRequest request) {
    try {
      return JSON.readTree(request.getBodyAsString());
    } catch (IOException e) {
      throw new UncheckedIOException("body of " + request.getUrl() + " is not JSON: "
          + request.getBodyAsString(), e);
    }
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
