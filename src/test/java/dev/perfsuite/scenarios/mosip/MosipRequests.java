package dev.perfsuite.scenarios.mosip;

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223PreProcessor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.regexExtractor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;
import static us.abstracta.jmeter.javadsl.JmeterDsl.transaction;

import java.net.URI;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import us.abstracta.jmeter.javadsl.core.controllers.DslTransactionController;
import us.abstracta.jmeter.javadsl.core.postprocessors.DslRegexExtractor.TargetField;
import us.abstracta.jmeter.javadsl.core.preprocessors.DslJsr223PreProcessor.PreProcessorScript;
import us.abstracta.jmeter.javadsl.core.preprocessors.DslJsr223PreProcessor.PreProcessorVars;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;

/**
 * The MOSIP kernel requests of the reference scripts (docs/reference/seed-systems.md §C.1, §C.2): paths, bodies,
 * headers, assertions and the transaction names of the seed reports.
 */
final class MosipRequests {
  static final String AUTHENTICATE_PATH = "v1/authmanager/authenticate/clientidsecretkey";
  static final String VALIDATE_TOKEN_PATH = "v1/authmanager/authorize/admin/validateToken";
  static final String GENERATE_OTP_PATH = "v1/otpmanager/otp/generate";
  static final String VALIDATE_OTP_PATH = "v1/otpmanager/otp/validate";

  static final String TR_AUTHENTICATE = "TR_kernel_authenticate_secretKey";
  static final String TR_VALIDATE_TOKEN = "TR_kernel_validate_token";
  static final String TR_GENERATE_OTP = "TR_Generate_OTP";
  static final String TR_VALIDATE_OTP = "TR_validate_OTP";

  static final String AUTHENTICATE = "POST authenticate clientidsecretkey";
  static final String VALIDATE_TOKEN = "GET authorize validateToken";
  static final String GENERATE_OTP = "POST otp generate";
  static final String VALIDATE_OTP = "GET otp validate";

  static final String AUTHENTICATED =
      "\"message\":\"Clientid and Token combination had been validated successfully\"";
  static final String TOKEN_VALID = "\",\"token\":\"";
  static final String OTP_GENERATED = "\"status\":\"GENERATION_SUCCESSFUL\"";
  static final String OTP_VALID = "\"status\":\"success\",\"message\":\"VALIDATION_SUCCESSFUL\"";

  /** The helper script's header regex; the token is a JWT, so word characters, dots, dashes. */
  static final String TOKEN_COOKIE_REGEX = "Set-Cookie: Authorization=([\\w.-]+);";
  static final String TOKEN_VAR = "authToken";
  static final String REQUEST_TIME_VAR = "requesttime";
  static final String JSON = "application/json";

  private MosipRequests() {
  }

  /**
   * {@code base} (ending in '/') plus {@code path}, by concatenation: the path may hold JMeter
   * {@code ${var}} references, which {@link URI#resolve(String)} would reject.
   */
  static String url(URI base, String path) {
    String text = base.toString();
    return (text.endsWith("/") ? text : text + "/") + path;
  }

  /**
   * The authenticate body of Kernel_Helper_Script.jmx with {@code requesttime} set per request
   * by {@link RequestTime}.
   */
  static String authenticateBody(MosipClient client) {
    return "{\"id\":\"string\",\"metadata\":{},\"request\":{\"clientId\":\"${clientId}\","
        + "\"secretKey\":\"" + client.secretKeyJson() + "\",\"appId\":\"${appId}\"},"
        + "\"requesttime\":\"${" + REQUEST_TIME_VAR + "}\",\"version\":\"1.0\"}";
  }

  /**
   * {@value #TR_AUTHENTICATE}: authenticate with client id and secret key, assert the success
   * message and keep the token of the {@code Set-Cookie: Authorization} header in
   * {@value #TOKEN_VAR}.
   */
  static DslTransactionController authenticate(URI authManager, MosipClient client) {
    return transaction(TR_AUTHENTICATE,
        httpSampler(AUTHENTICATE, url(authManager, AUTHENTICATE_PATH))
            .method("POST")
            .header("Content-Type", JSON)
            .body(authenticateBody(client))
            .children(
                jsr223PreProcessor(RequestTime.class),
                responseAssertion().containsSubstrings(AUTHENTICATED),
                regexExtractor(TOKEN_VAR, TOKEN_COOKIE_REGEX)
                    .fieldToCheck(TargetField.RESPONSE_HEADERS)
                    .defaultValue("TOKEN_NOT_FOUND")));
  }

  /** A request carrying the token as the scripts send it: {@code Cookie: Authorization=...}. */
  static DslHttpSampler withToken(DslHttpSampler sampler) {
    return sampler
        .header("Cookie", "Authorization=${" + TOKEN_VAR + "}")
        .header("Content-Type", JSON);
  }

  /**
   * Sets {@value #REQUEST_TIME_VAR} to the current UTC time as
   * {@code yyyy-MM-dd'T'HH:mm:ss.SSS'Z'}.
   *
   * <p>The reference builds it with {@code ${__time(YYYY-MM-dd'T'HH:mm:ss.SSS,)}Z}: {@code YYYY}
   * is the week-based year (wrong in the last days of December) and {@code __time} formats the
   * load generator's local time under a {@code Z} (UTC) suffix. Both are fixed here. A class, not
   * a lambda, so that it also runs on remote engines.
   */
  public static class RequestTime implements PreProcessorScript {
    static final DateTimeFormatter FORMAT =
        DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");

    @Override
    public void runScript(PreProcessorVars s) {
      s.vars.put(REQUEST_TIME_VAR, FORMAT.format(ZonedDateTime.now(ZoneOffset.UTC)));
    }
  }
}
