package dev.perfsuite.scenarios.wso2;

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;
import static us.abstracta.jmeter.javadsl.JmeterDsl.vars;

import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.profiles.LoadProfile;
import java.net.URI;
import java.util.List;
import us.abstracta.jmeter.javadsl.core.configs.DslVariables;

/**
 * The WSO2 gateway benchmark's request (apim-test.jmx): POST of an ARRAY payload with a bearer
 * JWT, asserting that the echo carries the size marker back.
 *
 * <p>Each user sends its own JWT (thread k the k-th token), as WSO2's harness mints one token
 * per user. Content-Type is exactly {@code application/json}, as the reference's header manager
 * sets it (no charset suffix).
 */
final class GatewayJourney {
  /** WSO2's passthrough API context on the gateway; the echo backend ignores the path. */
  static final String PATH = "echo/1.0.0";
  /** Prefix of the per-user token variables: {@code wso2Token1}, {@code wso2Token2}, ... */
  private static final String TOKEN_VAR = "wso2Token";

  private GatewayJourney() {
  }

  /** Sampler label for a payload size, e.g. {@code POST echo 1KiB}. */
  static String label(int bytes) {
    return "POST echo " + GatewayPayloads.label(bytes);
  }

  /** Scenario name of one matrix cell, e.g. {@code wso2-gateway-10u-1KiB}. */
  static String scenario(int users, int bytes) {
    return "wso2-gateway-" + users + "u-" + GatewayPayloads.label(bytes);
  }

  /**
   * One matrix cell as a load plan against {@code gateway} (a base URL ending in '/').
   *
   * @param tokens one JWT per user, at least {@code users} of them ({@link GatewayJwt#tokensFor})
   */
  static LoadPlan plan(URI gateway, int users, int bytes, List<String> tokens,
      LoadProfile profile) {
    if (tokens.size() < users) {
      throw new IllegalArgumentException("one token per user needed: " + users + " users, "
          + tokens.size() + " tokens");
    }
    DslVariables perUser = vars();
    for (int i = 0; i < users; i++) {
      perUser.set(TOKEN_VAR + (i + 1), tokens.get(i));
    }
    return LoadPlan.of(scenario(users, bytes), profile.withUsers(users),
        httpSampler(label(bytes), gateway.resolve(PATH).toString())
            .method("POST")
            .body(GatewayPayloads.array(bytes))
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer ${__V(" + TOKEN_VAR + "${__threadNum})}")
            .children(responseAssertion().containsSubstrings(GatewayPayloads.sizeMarker(bytes))))
        .with(perUser);
  }
}
