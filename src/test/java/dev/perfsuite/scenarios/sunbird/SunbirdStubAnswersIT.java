package dev.perfsuite.scenarios.sunbird;

import static dev.perfsuite.backends.stubs.StubRequests.get;
import static dev.perfsuite.backends.stubs.StubRequests.post;
import static dev.perfsuite.backends.stubs.StubRequests.send;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.backends.stubs.StubServer;
import dev.perfsuite.backends.stubs.StubsPerProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The API stubs the Sunbird scenarios run against answer every stubbed Sunbird API, and the
 * portal's login redirects, in the real services' shape, under each provider.
 */
class SunbirdStubAnswersIT {
  private static final Pattern UUID_PATTERN = Pattern.compile(
      "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
  private static final ObjectMapper JSON = new ObjectMapper();
  @RegisterExtension
  static final StubsPerProvider STUBS = new StubsPerProvider();

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldEchoPathIdsInSunbirdReadApis(Provider provider) throws Exception {
    StubServer stubs = STUBS.of(provider);
    record Read(String path, String pointer, String id, String apiId) {
    }

    List<Read> reads = List.of(
        new Read("/learning-service/channel/v3/read/0126_ch", "/result/channel/identifier",
            "0126_ch", "api.channel.read"),
        new Read("/learning-service/content/v3/read/do_1", "/result/content/identifier", "do_1",
            "api.content.read"),
        new Read("/api/content/v1/read/do_2", "/result/content/identifier", "do_2",
            "api.content.read"),
        new Read("/learning-service/content/v3/hierarchy/do_3", "/result/content/identifier",
            "do_3", "api.content.hierarchy.get"),
        new Read("/api/course/v1/hierarchy/do_4", "/result/content/identifier", "do_4",
            "api.course.hierarchy"),
        new Read("/learning-service/framework/v3/read/NCF?categories=board,medium,gradeLevel,"
            + "subject", "/result/framework/identifier", "NCF", "api.framework.read"),
        new Read("/v1/tenant/info/ntp", "/result/titleName", "ntp", "api.tenant.info"));
    for (Read read : reads) {
      JsonNode body = sunbirdOk(send(stubs, get(stubs, read.path())), read.path());
      assertThat(body.at("/id").asText()).as(read.path() + " id").isEqualTo(read.apiId());
      assertThat(body.at(read.pointer()).asText()).as(read.path() + " echoes the path id")
          .isEqualTo(read.id());
    }
    JsonNode hierarchy = sunbirdOk(send(stubs, get(stubs, "/api/course/v1/hierarchy/do_5")), "h");
    assertThat(hierarchy.at("/result/content/children/0/children/0/identifier").asText())
        .as("course hierarchy has unit and leaf").startsWith("do_");
    JsonNode framework = sunbirdOk(send(stubs, get(stubs,
        "/learning-service/framework/v3/read/NCF?categories=board")), "framework");
    assertThat(framework.at("/result/framework/categories").findValuesAsText("code"))
        .as("framework categories").contains("board", "medium", "gradeLevel", "subject");
    JsonNode tenant = sunbirdOk(send(stubs, get(stubs, "/v1/tenant/info/ntp")), "tenant");
    for (String field : List.of("logo", "poster", "favicon", "appLogo")) {
      assertThat(tenant.at("/result/" + field).asText()).as("tenant " + field)
          .startsWith(stubs.endpoint().base() + "tenant/ntp/");
    }
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldAnswerSunbirdPostApisInTheirShape(Provider provider) throws Exception {
    StubServer stubs = STUBS.of(provider);
    String dial = "{\"request\":{\"filters\":{\"dialcodes\":[\"A89EA2\"]}}}";
    for (String path : List.of("/v3/search", "/api/content/v1/search")) {
      JsonNode body = sunbirdOk(send(stubs, post(stubs, path, dial)), path);
      assertThat(body.at("/result/count").asInt()).as(path + " count").isPositive();
      assertThat(body.at("/result/content/0/identifier").asText()).as(path + " content[0]")
          .startsWith("do_");
    }
    String form = "{\"request\":{\"type\":\"app\",\"subType\":\"install\",\"action\":\"upgrade\"}}";
    for (String path : List.of("/plugin/v1/form/read", "/api/data/v1/form/read")) {
      JsonNode body = sunbirdOk(send(stubs, post(stubs, path, form)), path);
      assertThat(body.at("/result/form/action").asText()).as(path + " form").isEqualTo("upgrade");
    }
    String page = "{\"request\":{\"name\":\"DIAL Code Consumption\",\"filters\":{\"dialcodes\":"
        + "\"A89EA2\"},\"source\":\"app\",\"from\":\"server\"}}";
    for (String path : List.of("/v1/page/assemble", "/api/data/v1/page/assemble")) {
      JsonNode body = sunbirdOk(send(stubs, post(stubs, path, page)), path);
      assertThat(body.at("/result/response/sections/0/contents").size()).as(path + " contents")
          .isPositive();
    }
    String orgs = "{\"request\":{\"filters\":{\"slug\":[\"ntp\"],\"identifier\":[\"0126\"],"
        + "\"isRootOrg\":[true]}}}";
    for (String path : List.of("/v1/org/search", "/api/org/v1/search")) {
      JsonNode org = sunbirdOk(send(stubs, post(stubs, path, orgs)), path)
          .at("/result/response/content/0");
      for (String field : List.of("identifier", "slug", "rootOrgId")) {
        assertThat(org.path(field).asText()).as(path + " content[0]." + field).isNotBlank();
      }
    }
    String device = "{\"id\":\"dev.sunbird.portal\",\"ver\":\"1.15.0\",\"ts\":\"2020-01-01T00:00:00"
        + ".000+0000\",\"params\":{\"msgid\":\"4f92a44f\"},\"request\":{\"did\":\"\",\"channel\":"
        + "\"c1\"}}";
    JsonNode registered = sunbirdOk(send(stubs, post(stubs, "/api/v3/device/register/"
        + UUID.randomUUID(), device)), "device register");
    assertThat(registered.at("/result/message").asText()).as("device register message")
        .isEqualTo("Device registered successfully");
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldAcceptGzippedTelemetry(Provider provider) throws Exception {
    StubServer stubs = STUBS.of(provider);
    byte[] gzip = gzip("{\"id\":\"ekstep.telemetry\",\"ver\":\"3.0\",\"ets\":12312313,\"events\":"
        + "[{\"eid\":\"IMPRESSION\",\"ver\":\"3.0\",\"mid\":\"m1\","
        + "\"actor\":{\"id\":\"u1\",\"type\":"
        + "\"User\"},\"edata\":{\"type\":\"play\",\"pageid\":\"content-player\"}}]}");
    for (String path : List.of("/v1/telemetry", "/api/data/v1/telemetry")) {
      HttpResponse<String> response = send(stubs, HttpRequest.newBuilder(stubs.endpoint().uri(path))
          .header("Content-Type", "application/json")
          .header("Content-Encoding", "gzip")
          .POST(HttpRequest.BodyPublishers.ofByteArray(gzip)));
      assertThat(response.statusCode()).as(path + " status").isEqualTo(200);
      JsonNode body = JSON.readTree(response.body());
      assertThat(body.at("/id").asText()).as(path + " id").isEqualTo("api.telemetry");
      assertThat(body.at("/responseCode").asText()).as(path + " responseCode (telemetry-service)")
          .isEqualTo("SUCCESS");
      assertThat(body.at("/params/status").asText()).as(path + " status").isEqualTo("successful");
    }
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldAnswerUserManagementApis(Provider provider) throws Exception {
    StubServer stubs = STUBS.of(provider);
    JsonNode signup = sunbirdOk(send(stubs, post(stubs, "/api/user/v1/signup",
        "{\"request\":{\"firstName\":\"Load\",\"email\":\"load1@yopmail.com\","
            + "\"emailVerified\":true,\"password\":\"Password@12\"}}")), "signup");
    assertThat(signup.at("/result/userId").asText()).as("signup userId").matches(UUID_PATTERN);
    assertThat(signup.at("/ts").asText()).as("learner-service ts")
        .matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3}\\+0000");

    JsonNode setting = sunbirdOk(send(stubs, get(stubs,
        "/api/data/v1/system/settings/get/custodianOrgId")), "system settings");
    assertThat(setting.at("/result/response/id").asText()).as("setting id")
        .isEqualTo("custodianOrgId");
    assertThat(setting.at("/result/response/field").asText()).as("setting field")
        .isEqualTo("custodianOrgId");
    assertThat(setting.at("/result/response/value").asText()).as("setting value").isNotBlank();

    JsonNode byEmail = sunbirdOk(send(stubs,
        get(stubs, "/api/user/v1/get/email/load1@yopmail.com")),
        "get by email").at("/result/response");
    assertThat(byEmail.path("email").asText()).as("email echoed").isEqualTo("load1@yopmail.com");
    assertThat(byEmail.path("userId").asText()).as("userId").matches(UUID_PATTERN)
        .isEqualTo(byEmail.path("identifier").asText()).isEqualTo(byEmail.path("id").asText());

    for (String path : List.of("/api/data/v1/role/read", "/api/data/v1/role/read/" + "u-1")) {
      JsonNode roles = sunbirdOk(send(stubs, get(stubs, path)), path);
      assertThat(roles.at("/result/roles").findValuesAsText("id")).as(path + " roles")
          .contains("PUBLIC");
    }
    JsonNode otp = sunbirdOk(send(stubs, post(stubs, "/api/otp/v1/generate",
        "{\"request\":{\"key\":\"load1@yopmail.com\",\"type\":\"email\"}}")), "otp generate");
    assertThat(otp.at("/result/response").asText()).as("otp generate").isEqualTo("SUCCESS");
    JsonNode verified = sunbirdOk(send(stubs, post(stubs, "/api/otp/v1/verify",
        "{\"request\":{\"key\":\"load1@yopmail.com\",\"type\":\"email\",\"otp\":\"45678\"}}")),
        "otp verify");
    assertThat(verified.at("/result/response").asText()).as("otp verify").isEqualTo("SUCCESS");
    JsonNode exists = sunbirdOk(send(stubs, get(stubs, "/v1/user/exists/email/load1@yopmail.com")),
        "user exists");
    assertThat(exists.at("/result/exists").isBoolean()).as("exists is a boolean").isTrue();
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldRequireUserTokenWhenReadingProfile(Provider provider) throws Exception {
    StubServer stubs = STUBS.of(provider);
    String path = "/api/user/v2/read/u-42?fields=organisations,roles,locations,declarations";
    for (HttpRequest.Builder anonymous : List.of(get(stubs, path),
        get(stubs, path).header("x-authenticated-user-token", "${token}"))) {
      HttpResponse<String> denied = send(stubs, anonymous);
      assertThat(denied.statusCode()).as("without a JWT user token").isEqualTo(401);
      JsonNode body = JSON.readTree(denied.body());
      assertThat(body.at("/responseCode").asText()).as("Sunbird error code")
          .isEqualTo("UNAUTHORIZED_ACCESS");
      assertThat(body.at("/params/err").asText()).as("params.err").isEqualTo("UNAUTHORIZED_USER");
    }
    JsonNode profile = sunbirdOk(send(stubs, get(stubs, path)
        .header("x-authenticated-user-token", "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1LTQyIn0.c2ln")),
        "profile read").at("/result/response");
    assertThat(profile.path("userId").asText()).as("userId echoed").isEqualTo("u-42");
    assertThat(profile.path("rootOrgId").asText()).as("rootOrgId").isNotBlank();
    assertThat(profile.at("/organisations/0/organisationId").asText()).as("organisationId")
        .isNotBlank();
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldWalkThePortalLoginRedirectChain(Provider provider) throws Exception {
    StubServer stubs = STUBS.of(provider);
    URI base = stubs.endpoint().base();
    String callback = "http%3A%2F%2F" + base.getHost() + "%3A" + base.getPort()
        + "%2Fresources%3Fauth_callback%3D1";
    stubs.registerBrowserLogin(URI.create("http://keycloak.invalid:8180/auth/"), "other", "x");
    stubs.registerBrowserLogin(URI.create("http://keycloak.invalid:8180/auth"), "sunbird",
        "portal");
    Pattern location = Pattern.compile(Pattern.quote("http://keycloak.invalid:8180/auth/realms/"
        + "sunbird/protocol/openid-connect/auth?client_id=portal&redirect_uri=" + callback
        + "&state=") + "(" + UUID_PATTERN.pattern() + ")"
        + Pattern.quote("&response_type=code&scope=openid"));

    List<String> states = new ArrayList<>();
    for (String path : List.of("/resources/", "/resources")) {
      HttpResponse<String> login = send(stubs, get(stubs, path));
      assertThat(login.statusCode()).as(path + " redirects").isEqualTo(302);
      String redirect1 = login.headers().firstValue("Location").orElse("");
      Matcher matcher = location.matcher(redirect1);
      assertThat(matcher.matches()).as(path + " Location " + redirect1 + " (re-registration "
          + "replaced the first realm)").isTrue();
      states.add(matcher.group(1));
      assertThat(login.headers().firstValue("Set-Cookie")).as("portal session cookie")
          .hasValueSatisfying(c -> assertThat(c).startsWith("connect.sid="));
    }
    assertThat(states.get(0)).as("a fresh state per redirect").isNotEqualTo(states.get(1));

    HttpResponse<String> back = send(stubs, get(stubs, "/resources?auth_callback=1&state="
        + states.get(0) + "&session_state=s1&code=c0de.1"));
    assertThat(back.statusCode()).as("auth callback redirects").isEqualTo(302);
    assertThat(back.headers().firstValue("Location")).as("redirect_3")
        .contains("/resources/home");
    HttpResponse<String> home = send(stubs, get(stubs, "/resources/home"));
    assertThat(home.statusCode()).as("home status").isEqualTo(200);
    assertThat(home.headers().firstValue("Content-Type")).as("home content type")
        .hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
  }

  private static JsonNode sunbirdOk(HttpResponse<String> response, String what)
      throws IOException {
    assertThat(response.statusCode()).as(what + " status: " + response.body()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type")).as(what + " content type")
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
    JsonNode body = JSON.readTree(response.body());
    assertThat(body.at("/responseCode").asText()).as(what + " responseCode").isEqualTo("OK");
    assertThat(body.at("/params/status").asText()).as(what + " params.status")
        .isEqualTo("successful");
    assertThat(body.at("/params/resmsgid").asText()).as(what + " params.resmsgid")
        .matches(UUID_PATTERN);
    assertThat(body.at("/ts").asText()).as(what + " ts").startsWith("20");
    assertThat(body.at("/result").isObject()).as(what + " result").isTrue();
    return body;
  }

  private static byte[] gzip(String text) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return bytes.toByteArray();
   }
}
