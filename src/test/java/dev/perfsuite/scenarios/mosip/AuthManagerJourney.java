package dev.perfsuite.scenarios.mosip;

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCookies;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
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
 * Seed 004's auth manager journey (Kernel_AuthManager_Test_Script.jmx, §C.1): each iteration
 * authenticates with client id and secret key ({@value MosipRequests#TR_AUTHENTICATE}), then
 * validates the token it got ({@value MosipRequests#TR_VALIDATE_TOKEN}).
 *
 * <p>The reference runs the two calls as separate thread groups, the second replaying tokens
 * from a file written by a preparation group; here one user does both in sequence with its own
 * fresh token, as 02.kernel_auth_service.jmx (§C.2) does. The cookie manager is off: the token
 * travels only in the explicit {@code Cookie} header, as the scripts send it, and JMeter's
 * cookie store cannot add or replace it.
 *
 * <p>02.kernel_auth_service.jmx pauses {@value #REFERENCE_PAUSE_MILLIS} ms (a flow control
 * action, {@code ${thinktime}}) after authenticate and after validateToken;
 * {@link #plan(URI, MosipClient, LoadProfile, Duration)} offers that pause, the shorter form runs
 * the calls back to back as Kernel_AuthManager_Test_Script.jmx's thread groups do.
 */
final class AuthManagerJourney {
  static final String SCENARIO = "mosip-authmanager-token";

  private AuthManagerJourney() {
  }

  /** The reference's think time, {@code ${thinktime}} in 02.kernel_auth_service.jmx. */
  static final long REFERENCE_PAUSE_MILLIS = 1000;

  /** The journey against the auth manager at {@code mosip} (a base URL ending in '/'). */
  static LoadPlan plan(URI mosip, MosipClient client, LoadProfile profile) {
    return plan(mosip, client, profile, Duration.ZERO);
  }

  /**
   * The journey with a pause after authenticate and after validateToken.
   *
   * @param pause {@code Duration.ofMillis(REFERENCE_PAUSE_MILLIS)} for the reference journey;
   *     zero for none
   */
  static LoadPlan plan(URI mosip, MosipClient client, LoadProfile profile, Duration pause) {
    List<ThreadGroupChild> journey = new ArrayList<>(List.of(client.csv(),
        MosipRequests.authenticate(mosip, client)));
    if (!pause.isZero()) {
      journey.add(threadPause(pause));
    }
    journey.add(transaction(MosipRequests.TR_VALIDATE_TOKEN,
        MosipRequests.withToken(httpSampler(MosipRequests.VALIDATE_TOKEN,
                MosipRequests.url(mosip, MosipRequests.VALIDATE_TOKEN_PATH)))
            .children(responseAssertion().containsSubstrings(MosipRequests.TOKEN_VALID))));
    if (!pause.isZero()) {
      journey.add(threadPause(pause));
    }
    return new LoadPlan(SCENARIO, profile, journey, List.of(httpCookies().disable()));
  }
}
