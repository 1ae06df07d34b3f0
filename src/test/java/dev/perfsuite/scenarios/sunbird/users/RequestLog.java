package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.config.Secrets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import us.abstracta.jmeter.javadsl.core.postprocessors.DslJsr223PostProcessor.PostProcessorScript;
import us.abstracta.jmeter.javadsl.core.postprocessors.DslJsr223PostProcessor.PostProcessorVars;

/**
 * What JMeter sent and received, for the fidelity test's checks of requests that go to Keycloak
 * (which no capturing stub sees). Test support only: a test-plan level post-processor.
 *
 * <p>Values are masked with {@link Secrets#mask} as they are recorded, so the realm's password
 * reads {@code ****} in assertions and their failure messages.
 */
public final class RequestLog {
  private static final List<Exchange> EXCHANGES = new CopyOnWriteArrayList<>();

  private RequestLog() {
  }

  /**
   * One HTTP exchange as JMeter recorded it.
   *
   * @param label sampler label
   * @param method HTTP method
   * @param url the full URL requested
   * @param requestHeaders headers sent, one per line, except {@code Cookie}
   * @param cookies the {@code Cookie} header the cookie manager sent, empty when none
   * @param body the request body (form parameters for a form POST)
   * @param status response code
   * @param responseHeaders response headers, one per line
   */
  public record Exchange(String label, String method, String url, String requestHeaders,
      String cookies, String body, String status, String responseHeaders) {

    /** The value of a response header, empty when absent. */
    public String responseHeader(String name) {
      return header(responseHeaders, name);
    }

    /** The value of a request header, empty when absent. */
    public String requestHeader(String name) {
      return header(requestHeaders, name);
    }

    private static String header(String headers, String name) {
      for (String line : headers.split("\\r?\\n")) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
          return line.substring(colon + 1).trim();
        }
      }
      return "";
    }
  }

  /** The post-processor: records every HTTP sample. */
  public static class Record implements PostProcessorScript {
    @Override
    public void runScript(PostProcessorVars s) {
      if (s.prev instanceof HTTPSampleResult http) {
        EXCHANGES.add(new Exchange(http.getSampleLabel(), http.getHTTPMethod(),
            Secrets.mask(http.getUrlAsString()), Secrets.mask(http.getRequestHeaders()),
            Secrets.mask(nonNull(http.getCookies())), Secrets.mask(nonNull(http.getQueryString())),
            http.getResponseCode(), Secrets.mask(http.getResponseHeaders())));
      }
    }
  }

  /** Everything recorded since the last {@link #clear()}, oldest first. */
  static List<Exchange> exchanges() {
    return List.copyOf(EXCHANGES);
  }

  static void clear() {
    EXCHANGES.clear();
  }

  private static String nonNull(String text) {
    return text == null ? "" : text;
  }
}
