package dev.perfsuite.scenarios.sunbird.users;

import static us.abstracta.jmeter.javadsl.JmeterDsl.csvDataSet;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCookies;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.ifController;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsonAssertion;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsonExtractor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223PostProcessor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223PreProcessor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.regexExtractor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testResource;
import static us.abstracta.jmeter.javadsl.JmeterDsl.transaction;
import static us.abstracta.jmeter.javadsl.JmeterDsl.vars;

import dev.perfsuite.config.Secret;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.profiles.LoadProfile;
import us.abstracta.jmeter.javadsl.core.assertions.DslJsonAssertion;
import us.abstracta.jmeter.javadsl.core.assertions.DslResponseAssertion;
import us.abstracta.jmeter.javadsl.core.configs.DslVariables;
import us.abstracta.jmeter.javadsl.core.postprocessors.DslRegexExtractor;
import us.abstracta.jmeter.javadsl.core.postprocessors.DslRegexExtractor.TargetField;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;

/**
 * The Sunbird user-management journeys of docs/reference/seed-systems.md §A.4 and the 4-call Keycloak login of
 * §A.5, one {@link LoadPlan} per journey, with the reference scripts' defects fixed:
 *
 * <ul>
 *   <li>users come from the realm's users CSV and log in with the realm's password, passed into
 *       the plan as a JMeter variable at test-plan level (never written to a file);
 *   <li>generate token names its client ({@code sunbird-direct}, the realm's public
 *       password-grant client; generate-token.jmx left {@code ${client_id}} undefined);
 *   <li>profile read carries a real user token from a password grant of the same thread,
 *       renewed before it expires (user-read.jmx read static tokens from a CSV), and a generated
 *       {@code X-Device-Id} (user-read.jmx sent the undefined {@code ${uuid}});
 *   <li>OTP verify sends the OTP that generate returned (verify-otp.jmx sent {@code 45678});
 *   <li>signup creates a new address per request and a per-run password (user-create.jmx read
 *       addresses from a CSV and hard-coded {@code Password@12});
 *   <li>the login decodes the form action's HTML entities instead of a host-specific regex and
 *       carries Keycloak's Secure session cookies over http (see {@link #loginWorkflow});
 *   <li>every request asserts its status and body shape (the references asserted nothing except
 *       login.jmx's 302).
 * </ul>
 *
 * <p>The ramp-up is the profile's (most references named an undefined {@code ${rampupTime}}).
 */
final class UserJourneys {
  static final String SIGNUP = "POST /api/user/v1/signup";
  static final String SYSTEM_SETTINGS = "GET /api/data/v1/system/settings/get";
  static final String USER_BY_EMAIL = "GET /api/user/v1/get/email";
  static final String ROLE_READ = "GET /api/data/v1/role/read";
  static final String GENERATE_TOKEN = "POST openid-connect/token (password grant)";
  static final String USER_TOKEN = "POST openid-connect/token (user token)";
  static final String PROFILE_READ = "GET /api/user/v2/read";
  static final String ORG_SEARCH = "POST /api/org/v1/search";
  static final String OTP_GENERATE = "POST /api/otp/v1/generate";
  static final String OTP_VERIFY = "POST /api/otp/v1/verify";
  static final String USER_EXISTS = "GET /v1/user/exists/email";
  /** The login transaction (login.jmx's thread group "KeycloakLogin"). */
  static final String LOGIN = "KeycloakLogin";
  /** login.jmx "/home": the portal redirects an anonymous user to Keycloak. */
  static final String LOGIN_PORTAL = "Login 1 GET /resources";
  /** login.jmx "/auth/realms/sunbird/protocol/openid-connect/auth": the login page. */
  static final String LOGIN_PAGE = "Login 2 GET openid-connect/auth";
  /** login.jmx "keycloakloginaction": the credentials, answered by a redirect to the portal. */
  static final String LOGIN_CREDENTIALS = "Login 3 POST login-actions/authenticate";
  /** login.jmx "AuthCallBackRedirect": the portal takes the code and redirects home. */
  static final String LOGIN_CALLBACK = "Login 4 GET /resources?auth_callback=1";

  /** Variable with the realm users' password, set at test-plan level, never written. */
  static final String USER_PASSWORD = "userPassword";
  /** Variable with the gateway API key. */
  static final String API_KEY = "apiKey";
  /** Variable with the password of the users signup creates. */
  static final String SIGNUP_PASSWORD = "signupPassword";
  /** Variable with the OTP that generate returned. */
  static final String OTP = "otp";

  private static final String BEARER = "Bearer ${" + API_KEY + "}";
  private static final String JSON = "application/json";
  /** login.jmx's browser (Firefox 66) and headers on every GET of the login. */
  static final String BROWSER = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:66.0) "
      + "Gecko/20100101 Firefox/66.0";
  /** user-read.jmx's client: the Sunbird app's web view on an Android tablet (Chrome 81). */
  static final String TABLET = "Mozilla/5.0 (Linux; Android 6.0; Lenovo TAB 2 A10-70L "
      + "Build/MRA58K; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 "
      + "Chrome/81.0.4044.117 Safari/537.36";
  /** login.jmx's Accept-Encoding on every call of the login. */
  private static final String BROWSER_ENCODINGS = "gzip, deflate, br";
  private static final String BROWSER_ACCEPT =
      "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

  private UserJourneys() {
  }

  /** user-create.jmx: POST signup of a new user with a unique address. */
  static LoadPlan signup(UserTargets t, LoadProfile profile, Secret password) {
    return LoadPlan.of("sunbird-users-signup", profile,
        csvDataSet(testResource(UserData.SIGNUP_FIRST_NAMES)),
        httpSampler(SIGNUP, t.sunbird("api/user/v1/signup"))
            .method("POST")
            .body("{\"request\":{\"firstName\":\"${firstName}\",\"email\":\"perf.signup."
                + "${__UUID()}@" + UserData.SIGNUP_DOMAIN + "\",\"emailVerified\":true,"
                + "\"password\":\"${" + SIGNUP_PASSWORD + "}\"}}")
            .header("Content-Type", JSON)
            .header("Accept", JSON)
            .header("Authorization", BEARER)
            .children(sunbirdOk(), jsonAssertion("result.response").equalsTo("SUCCESS"),
                jsonAssertion("result.userId")))
        .with(vars().set(API_KEY, t.apiKey().reveal()).set(SIGNUP_PASSWORD, password.reveal()));
  }

  /**
   * system-settings.jmx: GET one system setting by name. {@code X-Scenario-Id} carries the
   * literal {@code SCENARIO_ID}, as the reference sends it: its runner replaces other
   * placeholders but never this one. The reference's {@code X-URL} header is left out: a
   * debugging aid whose value the runner's path prefix makes a wrong URL anyway.
   */
  static LoadPlan systemSettingsRead(UserTargets t, LoadProfile profile) {
    String scenario = "sunbird-users-system-settings-read";
    return LoadPlan.of(scenario, profile,
        csvDataSet(testResource(UserData.SYSTEM_SETTINGS)),
        httpSampler(SYSTEM_SETTINGS, t.sunbird("api/data/v1/system/settings/get/${settingName}"))
            .header("Content-Type", JSON)
            .header("X-Scenario-Id", "SCENARIO_ID")
            .header("Authorization", BEARER)
            .children(sunbirdOk(),
                jsonAssertion("result.response.field").equalsTo("${settingName}"),
                jsonAssertion("result.response.value")))
        .with(apiKey(t));
  }

  /** user-get.jmx: GET a user by e-mail. */
  static LoadPlan userByEmail(UserTargets t, LoadProfile profile) {
    return LoadPlan.of("sunbird-users-get-by-email", profile,
        csvDataSet(t.usersCsv().toString()),
        httpSampler(USER_BY_EMAIL, t.sunbird("api/user/v1/get/email/${email}"))
            .header("Content-Type", JSON)
            .header("Accept", JSON)
            .header("Authorization", BEARER)
            .header("Connection", "keep-alive")
            .children(sunbirdOk(), jsonAssertion("result.response.email").equalsTo("${email}"),
                jsonAssertion("result.response.userId")))
        .with(apiKey(t));
  }

  /** user-role-read.jmx: GET the roles, with the user's id in the path as the reference did. */
  static LoadPlan roleRead(UserTargets t, LoadProfile profile) {
    return LoadPlan.of("sunbird-users-role-read", profile,
        csvDataSet(UserData.withUserIds(t.usersCsv(), t.dataDir()).toString()),
        httpSampler(ROLE_READ, t.sunbird("api/data/v1/role/read/${userId}"))
            .header("accept", JSON)
            .header("Authorization", BEARER)
            .children(sunbirdOk(), jsonAssertion("result.roles[0].id")))
        .with(apiKey(t));
  }

  /** generate-token.jmx: Keycloak password grant for a realm user. */
  static LoadPlan generateToken(UserTargets t, LoadProfile profile) {
    return LoadPlan.of("sunbird-users-generate-token", profile,
        csvDataSet(t.usersCsv().toString()),
        passwordGrant(GENERATE_TOKEN, t)
            .children(jsonAssertion("access_token"),
                jsonAssertion("token_type").equalsTo("Bearer")))
        .with(userPassword(t));
  }

  /**
   * user-read.jmx: GET the user's profile with the user's own token in
   * {@code x-authenticated-user-token}; the token comes from a password grant of the same
   * thread, fetched on the thread's first iteration and again shortly before it expires, so the
   * measured journey is the profile read (the reference used pre-fetched tokens too).
   */
  static LoadPlan profileRead(UserTargets t, LoadProfile profile) {
    return LoadPlan.of("sunbird-users-profile-read", profile,
        csvDataSet(t.usersCsv().toString()),
        ifController(TokenScripts.TokenDue.class,
            passwordGrant(USER_TOKEN, t).children(
                jsonExtractor(TokenScripts.USER_TOKEN, "access_token")
                    .defaultValue(TokenScripts.NO_TOKEN),
                jsonExtractor(TokenScripts.USER_TOKEN_LIFETIME, "expires_in").defaultValue("0"),
                jsr223PostProcessor(TokenScripts.UserTokenClaims.class))),
        httpSampler(PROFILE_READ, t.sunbird("api/user/v2/read/${" + TokenScripts.USER_ID
            + "}?fields=organisations,roles,locations,declarations"))
            .header("Content-Type", JSON)
            .header("Accept-Encoding", "gzip")
            .header("X-Device-Id", "${" + TokenScripts.DEVICE_ID + "}")
            .header("Accept-Charset", "UTF-8")
            .header("Accept", JSON)
            .header("Authorization", BEARER)
            .header("User-Agent", TABLET)
            .header("x-authenticated-user-token", "${" + TokenScripts.USER_TOKEN + "}")
            .header("Access-Control-Allow-Origin", "*")
            .header("X-App-Id", "org.sunbird.app")
            .children(jsr223PreProcessor(TokenScripts.DeviceId.class), sunbirdOk(),
                jsonAssertion("result.response.userId").equalsTo("${" + TokenScripts.USER_ID + "}"),
                jsonAssertion("result.response.roles")))
        .with(apiKey(t), userPassword(t));
  }

  /** org-search.jmx: POST an organisation search by slug. */
  static LoadPlan orgSearch(UserTargets t, LoadProfile profile) {
    return LoadPlan.of("sunbird-users-org-search", profile,
        csvDataSet(testResource(UserData.ORG_SLUGS)),
        httpSampler(ORG_SEARCH, t.sunbird("api/org/v1/search"))
            .method("POST")
            .body("{\"request\":{\"filters\":{\"slug\":\"${slug}\",\"isRootOrg\":true}}}")
            .header("Content-Type", JSON)
            .header("Accept", JSON)
            .header("Authorization", BEARER)
            .children(sunbirdOk(), jsonAssertion("result.response.count"),
                jsonAssertion("result.response.content")))
        .with(apiKey(t));
  }

  /**
   * generate-otp.jmx then verify-otp.jmx for the same key in one iteration: verify sends the
   * OTP that generate returned in {@code result.otp}. Real Sunbird mails the OTP instead of
   * returning it; the local stub returns it for the realm's users and verify then accepts only
   * that OTP (mapping sunbird-users-extra-otp.json; a wrong OTP answers Sunbird's
   * {@code OTP_VERIFICATION_FAILED} envelope, with status 200 since WireMock cannot template
   * the status).
   */
  static LoadPlan otpGenerateVerify(UserTargets t, LoadProfile profile) {
    String key = "\"key\":\"${email}\",\"type\":\"email\"";
    return LoadPlan.of("sunbird-users-otp-generate-verify", profile,
        csvDataSet(t.usersCsv().toString()),
        httpSampler(OTP_GENERATE, t.sunbird("api/otp/v1/generate"))
            .method("POST").body("{\"request\":{" + key + "}}")
            .header("Content-Type", JSON)
            .header("Accept", JSON)
            .header("Authorization", BEARER)
            .children(sunbirdOk(), jsonAssertion("result.response").equalsTo("SUCCESS"),
                jsonExtractor(OTP, "result.otp").defaultValue("OTP_NOT_RETURNED")),
        httpSampler(OTP_VERIFY, t.sunbird("api/otp/v1/verify"))
            .method("POST").body("{\"request\":{" + key + ",\"otp\":\"${" + OTP + "}\"}}")
            .header("Content-Type", JSON)
            .header("Accept", JSON)
            .header("Authorization", BEARER)
            .children(sunbirdOk(), jsonAssertion("result.response").equalsTo("SUCCESS")))
        .with(apiKey(t));
  }

  /** user-existence.jmx: GET whether a user exists, by e-mail. */
  static LoadPlan userExists(UserTargets t, LoadProfile profile) {
    return LoadPlan.of("sunbird-users-user-exists", profile,
        csvDataSet(t.usersCsv().toString()),
        httpSampler(USER_EXISTS, t.sunbird("v1/user/exists/email/${email}"))
            .header("Content-Type", JSON)
            .header("Authorization", BEARER)
            .children(sunbirdOk(), jsonAssertion("result.exists").equalsTo(true)))
        .with(apiKey(t));
  }

  /**
   * login.jmx: the browser login against real Keycloak, four calls with no redirect followed
   * automatically and the cookies cleared at each iteration.
   *
   * <ol>
   *   <li>GET the portal's {@code /resources/}: 302 to Keycloak's auth URL (Location extracted);
   *   <li>GET that URL: the login page. Its form action is extracted with {@code &amp;} decoded
   *       ({@link LoginScripts.LoginFormAction}), and so are the {@code AUTH_SESSION_ID} and
   *       {@code KC_RESTART} cookies from the response headers;
   *   <li>POST username (the user's e-mail, as login.jmx) and password as a form to the action,
   *       with the session cookies sent by hand: Keycloak 26.7 marks them {@code Secure} even
   *       over http, which JMeter's cookie manager does not send over http (libraries.md §4), so
   *       {@link LoginScripts.KeycloakSessionCookies} gives the extracted values back to the
   *       manager as plain cookies (a {@code Cookie} header of our own would be replaced by the
   *       manager's, which carries the portal's cookie). Asserts 302 and extracts the callback
   *       Location;
   *   <li>GET the callback: the portal exchanges the code and redirects home (302).
   * </ol>
   */
  static LoadPlan loginWorkflow(UserTargets t, LoadProfile profile) {
    return LoadPlan.of("sunbird-users-login-workflow", profile,
        csvDataSet(t.usersCsv().toString()),
        transaction(LOGIN,
            browserGet(LOGIN_PORTAL, t.portal("resources/"))
                .children(status(302), location("redirect1")),
            browserGet(LOGIN_PAGE, "${redirect1}")
                .children(status(200),
                    // Theme-independent: any login form posts to login-actions/authenticate.
                    responseAssertion("login form")
                        .containsSubstrings("login-actions/authenticate"),
                    cookie(LoginScripts.AUTH_SESSION_ID, "AUTH_SESSION_ID"),
                    cookie(LoginScripts.KC_RESTART, "KC_RESTART"),
                    jsr223PostProcessor(LoginScripts.LoginFormAction.class)),
            httpSampler(LOGIN_CREDENTIALS, "${" + LoginScripts.LOGIN_ACTION + "}")
                .method("POST")
                .followRedirects(false)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .param("username", "${email}")
                .param("password", "${" + USER_PASSWORD + "}")
                .param("credentialId", "")
                .header("Referer", "${redirect1}")
                .header("Accept-Language", "en-US,en;q=0.5")
                .header("DNT", "1")
                .header("Accept", BROWSER_ACCEPT)
                .header("Upgrade-Insecure-Requests", "1")
                .header("Accept-Encoding", BROWSER_ENCODINGS)
                .header("User-Agent", BROWSER)
                .children(jsr223PreProcessor(LoginScripts.KeycloakSessionCookies.class),
                    status(302), location("redirect2")),
            browserGet(LOGIN_CALLBACK, "${redirect2}")
                .children(status(302), location("redirect3"))))
        .with(userPassword(t), httpCookies().clearCookiesBetweenIterations(true));
  }

  private static DslHttpSampler passwordGrant(String label, UserTargets t) {
    return httpSampler(label, t.keycloak().tokenUrl().toString())
        .method("POST")
        .header("Content-Type", "application/x-www-form-urlencoded")
        .param("client_id", t.keycloak().directClientId())
        .param("username", "${username}")
        .param("password", "${" + USER_PASSWORD + "}")
        .param("grant_type", "password");
  }

  private static DslHttpSampler browserGet(String label, String url) {
    return httpSampler(label, url)
        .followRedirects(false)
        .header("Accept-Language", "en-US,en;q=0.5")
        .header("Upgrade-Insecure-Requests", "1")
        .header("DNT", "1")
        .header("Accept-Encoding", BROWSER_ENCODINGS)
        .header("User-Agent", BROWSER)
        .header("Accept", BROWSER_ACCEPT);
  }

  private static DslResponseAssertion status(int code) {
    return responseAssertion("HTTP " + code)
        .fieldToTest(DslResponseAssertion.TargetField.RESPONSE_CODE)
        .equalsToStrings(Integer.toString(code));
  }

  private static DslRegexExtractor location(String variable) {
    return regexExtractor(variable, "(?i)Location: (\\S+)")
        .fieldToCheck(TargetField.RESPONSE_HEADERS)
        .defaultValue(variable + "_NotFound");
  }

  /** The value of a cookie the response sets, as login.jmx-style regex on the headers. */
  private static DslRegexExtractor cookie(String variable, String name) {
    return regexExtractor(variable, "Set-Cookie: " + name + "=([^;\\s]+)")
        .fieldToCheck(TargetField.RESPONSE_HEADERS)
        .defaultValue(name + LoginScripts.COOKIE_NOT_FOUND);
  }

  /** Every Sunbird API answers the same envelope; {@code responseCode} is OK on success. */
  private static DslJsonAssertion sunbirdOk() {
    return jsonAssertion("responseCode").equalsTo("OK");
  }

  /** The API key as a test-plan variable: revealed only into the plan that sends it. */
  private static DslVariables apiKey(UserTargets t) {
    return vars().set(API_KEY, t.apiKey().reveal());
  }

  private static DslVariables userPassword(UserTargets t) {
    return vars().set(USER_PASSWORD, t.keycloak().userPassword().reveal());
  }
}
