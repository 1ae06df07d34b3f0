package dev.perfsuite.scenarios.mosip;

import static us.abstracta.jmeter.javadsl.JmeterDsl.counter;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCookies;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsonExtractor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223PreProcessor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.onceOnlyController;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadPause;
import static us.abstracta.jmeter.javadsl.JmeterDsl.transaction;

import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.profiles.LoadProfile;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * Seed 002's OTP manager journey (01.kernel_otp_manager.jmx, §C.2): authenticate once per user
 * ({@value MosipRequests#TR_AUTHENTICATE}), then per iteration generate an OTP for the next key
 * of a counter shared by all users ({@value MosipRequests#TR_GENERATE_OTP}), pause, validate that
 * very OTP ({@value MosipRequests#TR_VALIDATE_OTP}, the OTP taken from {@code response.otp}),
 * pause. Every OTP request sends {@code Cookie: Authorization=<token>} and
 * {@code Content-Type: application/json}.
 *
 * <p>Differences from the reference: the token is fetched once per user rather than per
 * iteration (seed 002's table has no authenticate transaction, its token came from the helper
 * script); generate's {@code requesttime} is the current UTC time instead of the fixed
 * 2018-12-10 value; the 1.1.5 script's hard-coded {@code Content-Length: 24} header, which does
 * not match the body, is not sent.
 */
final class OtpManagerJourney {
  static final String SCENARIO = "mosip-otp-manager";
  /** The seed's {@code ${thinktime}}. */
  static final Duration THINK_TIME = Duration.ofSeconds(1);
  /** First key of the shared counter, as Kernel_OTPManager_Test_Script.jmx. */
  static final long FIRST_KEY = 1_000_000_000L;
  static final String KEY_VAR = "keyValues";
  static final String OTP_VAR = "otpValue";

  private OtpManagerJourney() {
  }

  /** The generate body of Kernel_OTPManager_Test_Script.jmx with the current request time. */
  static String generateBody() {
    return "{\"id\":\"string\",\"metadata\":{},\"request\":{\"key\":\"${" + KEY_VAR + "}\"},"
        + "\"requesttime\":\"${" + MosipRequests.REQUEST_TIME_VAR + "}\",\"version\":\"string\"}";
  }

  /**
   * The journey.
   *
   * @param scenario results directory name, e.g. {@value #SCENARIO}
   * @param authManager base URL of the auth manager (the stubs locally)
   * @param otpManager base URL of the OTP manager (the reference OTP service locally)
   * @param client who authenticates
   * @param profile load shape
   * @param thinkTime pause after generate and after validate; zero for none
   */
  static LoadPlan plan(String scenario, URI authManager, URI otpManager, MosipClient client,
      LoadProfile profile, Duration thinkTime) {
    List<ThreadGroupChild> journey = new ArrayList<>(List.of(
        client.csv(),
        counter(KEY_VAR).startingValue(FIRST_KEY),
        onceOnlyController(MosipRequests.authenticate(authManager, client)),
        transaction(MosipRequests.TR_GENERATE_OTP,
            MosipRequests.withToken(httpSampler(MosipRequests.GENERATE_OTP,
                    MosipRequests.url(otpManager, MosipRequests.GENERATE_OTP_PATH)))
                .method("POST")
                .body(generateBody())
                .children(
                    jsr223PreProcessor(MosipRequests.RequestTime.class),
                    responseAssertion().containsSubstrings(MosipRequests.OTP_GENERATED),
                    jsonExtractor(OTP_VAR, "response.otp").defaultValue("OTP_NOT_FOUND")))));
    pause(journey, thinkTime);
    journey.add(transaction(MosipRequests.TR_VALIDATE_OTP,
        MosipRequests.withToken(httpSampler(MosipRequests.VALIDATE_OTP,
                MosipRequests.url(otpManager, MosipRequests.VALIDATE_OTP_PATH + "?key=${"
                    + KEY_VAR + "}&otp=${" + OTP_VAR + "}")))
            .children(responseAssertion().containsSubstrings(MosipRequests.OTP_VALID))));
    pause(journey, thinkTime);
    return new LoadPlan(scenario, profile, journey, List.of(httpCookies().disable()));
  }

  private static void pause(List<ThreadGroupChild> journey, Duration thinkTime) {
    if (!thinkTime.isZero()) {
      journey.add(threadPause(thinkTime));
    }
  }
}
