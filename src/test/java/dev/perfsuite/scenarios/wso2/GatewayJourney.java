package dev.perfsuite.scenarios.wso2;

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;

import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.profiles.LoadProfile;
import java.net.URI;
import org.apache.http.entity.ContentType;

/**
 * The WSO2 gateway benchmark's request (apim-test.jmx): POST of an ARRAY payload with a bearer
 * JWT, asserting that the echo carries the size marker back.
 */
final class GatewayJourney {
  /** WSO2's passthrough API context on the gateway; the echo backend ignores the path. */
  static final String PATH = "echo/1.0.0";

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

  /** One matrix cell as a load plan against {@code gateway} (a base URL ending in '/'). */
  static LoadPlan plan(URI gateway, int users, int bytes, String token, LoadProfile profile) {
    return LoadPlan.of(scenario(users, bytes), profile.withUsers(users),
        httpSampler(label(bytes), gateway.resolve(PATH).toString())
            .post(GatewayPayloads.array(bytes), ContentType.APPLICATION_JSON)
            .header("Authorization", "Bearer " + token)
            .children(responseAssertion().containsSubstrings(GatewayPayloads.sizeMarker(bytes))));
  }
}
