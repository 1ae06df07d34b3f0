package dev.perfsuite.scenarios.mosip;

import static dev.perfsuite.backends.stubs.StubRequests.get;
import static dev.perfsuite.backends.stubs.StubRequests.post;
import static dev.perfsuite.backends.stubs.StubRequests.send;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.backends.stubs.StubServer;
import dev.perfsuite.backends.stubs.StubsPerProvider;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The API stubs the MOSIP scenarios run against issue and check auth manager tokens and OTPs as
 * the real services do, in the shape the seed scripts' assertions and extractors expect, under
 * each provider.
 */
class MosipStubAnswersIT {
  private static final Pattern JWT = Pattern.compile("[\\w-]+\\.[\\w-]+\\.[\\w-]+");
  /** The extractor of Kernel_Helper_Script.jmx, on headers. */
  private static final Pattern MOSIP_COOKIE = Pattern.compile("Authorization=([\\w.-]+);");
  private static final ObjectMapper JSON = new ObjectMapper();
  @RegisterExtension
  static final StubsPerProvider STUBS = new StubsPerProvider();

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldIssueMosipTokenCookieAndValidateIt(Provider provider) throws Exception {
    StubServer stubs = STUBS.of(provider);
    String token = mosipToken(stubs);
    assertThat(token).as("token is a JWT-shaped string").matches(JWT).startsWith("eyJ");
    assertThat(mosipToken(stubs)).as("a fresh token per request").isNotEqualTo(token);

    HttpResponse<String> validated = send(stubs, get(stubs,
        "/v1/authmanager/authorize/admin/validateToken")
        .header("Cookie", "Authorization=" + token));
    assertThat(validated.statusCode()).as("validateToken status").isEqualTo(200);
    assertThat(validated.body()).as("assertion of Kernel_AuthManager_Test_Script")
        .contains("\",\"token\":\"");
    JsonNode response = JSON.readTree(validated.body()).path("response");
    assertThat(response.path("token").asText()).as("token echoed").isEqualTo(token);
    assertThat(response.path("userId").asText()).as("userId").isNotBlank();
    assertThat(response.path("role").asText()).as("role").isNotBlank();
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldRejectValidateTokenWithoutJwtCookie(Provider provider) throws Exception {
    StubServer stubs = STUBS.of(provider);
    for (HttpRequest.Builder request : List.of(
        get(stubs, "/v1/authmanager/authorize/admin/validateToken"),
        get(stubs, "/v1/authmanager/authorize/admin/validateToken")
            .header("Cookie", "Authorization=${authTokenValues}"))) {
      HttpResponse<String> denied = send(stubs, request);
      assertThat(denied.statusCode()).as("validateToken without a JWT").isEqualTo(401);
      JsonNode body = JSON.readTree(denied.body());
      assertThat(body.at("/errors/0/errorCode").asText()).as("MOSIP error code")
          .isEqualTo("KER-ATH-401");
      assertThat(body.path("response").isNull()).as("response is null").isTrue();
    }
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldReturnTokenForMosipUserIdPassword(Provider provider) throws Exception {
    StubServer stubs = STUBS.of(provider);
    HttpResponse<String> response = send(stubs, post(stubs,
        "/v1/authmanager/authenticate/internal/useridPwd", "{\"id\":\"string\",\"request\":{"
            + "\"appId\":\"admin\",\"clientId\":\"mosip-admin-client\",\"clientSecret\":\"x\","
            + "\"password\":\"p\",\"userName\":\"110006\"},\"version\":\"1.0\"}"));
    assertThat(response.statusCode()).as("useridPwd status").isEqualTo(200);
    assertThat(response.body()).as("assertion of Kernel_AuthManager_Test_Script")
        .contains("response\":{\"token\":\"");
    assertThat(JSON.readTree(response.body()).at("/response/token").asText()).as("token")
        .matches(JWT);
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldGenerateAndValidateMosipOtpWithTokenCookie(Provider provider) throws Exception {
    StubServer stubs = STUBS.of(provider);
    String cookie = "Authorization=" + mosipToken(stubs);
    HttpResponse<String> generated = send(stubs, post(stubs, "/v1/otpmanager/otp/generate",
        "{\"id\":\"string\",\"metadata\":{},\"request\":{\"key\":\"1000000000\"},"
            + "\"requesttime\":\"2018-12-10T06:12:52.994Z\",\"version\":\"string\"}")
        .header("Cookie", cookie));
    assertThat(generated.statusCode()).as("otp generate status").isEqualTo(200);
    assertThat(generated.body()).as("otp generate assertion")
        .contains("\"status\":\"GENERATION_SUCCESSFUL\"");
    Matcher otp = Pattern.compile("\":\\{\"otp\":\"(.*?)\",").matcher(generated.body());
    assertThat(otp.find()).as("extractor of Kernel_OTPManager_Test_Script finds the otp").isTrue();
    assertThat(otp.group(1)).as("otp").matches("\\d{6}");

    HttpResponse<String> validated = send(stubs, get(stubs,
        "/v1/otpmanager/otp/validate?key=1000000000&otp=" + otp.group(1)).header("Cookie", cookie));
    assertThat(validated.statusCode()).as("otp validate status").isEqualTo(200);
    assertThat(validated.body()).as("otp validate assertion")
        .contains("\"status\":\"success\",\"message\":\"VALIDATION_SUCCESSFUL\"");
    assertThat(send(stubs, get(stubs, "/v1/otpmanager/otp/validate?key=1&otp=2")).statusCode())
        .as("otp validate without cookie").isEqualTo(401);
  }

  private static String mosipToken(StubServer stubs) throws IOException, InterruptedException {
    HttpResponse<String> response = send(stubs, post(stubs,
        "/v1/authmanager/authenticate/clientidsecretkey", "{\"id\":\"string\",\"metadata\":{},"
            + "\"request\":{\"clientId\":\"mosip-resident-client\",\"secretKey\":\"abc123\","
            + "\"appId\":\"resident\"},\"requesttime\":\"2021-09-08T05:15:48.563Z\","
            + "\"version\":\"1.0\"}"));
    assertThat(response.statusCode()).as("clientidsecretkey status").isEqualTo(200);
    assertThat(response.body()).as("assertion of Kernel_Helper_Script")
        .contains("\"message\":\"Clientid and Token combination had been validated successfully\"");
    String setCookie = response.headers().firstValue("Set-Cookie").orElse("");
    assertThat(setCookie).as("Set-Cookie").endsWith("; Path=/; HttpOnly");
    Matcher matcher = MOSIP_COOKIE.matcher("Set-Cookie: " + setCookie);
    assertThat(matcher.find()).as("extractor of Kernel_Helper_Script finds the token").isTrue();
    return matcher.group(1);
  }
}
