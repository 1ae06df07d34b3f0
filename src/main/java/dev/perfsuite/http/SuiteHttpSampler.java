package dev.perfsuite.http;

import java.io.IOException;
import java.net.URL;
import java.util.Map;
import org.apache.jmeter.engine.event.LoopIterationEvent;
import org.apache.jmeter.protocol.http.control.CacheManager;
import org.apache.jmeter.protocol.http.control.CookieManager;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.samplers.Interruptible;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter's HTTP sampler on the suite's client: everything {@code HTTPSamplerBase} does (the
 * merged Header, Cookie, Cache and Authorization Managers, arguments, redirects followed as
 * sub-results, the result's bookkeeping) with the request sent on the user's own keep-alive
 * connection over the shared event loop, the user's thread parked until the response is in.
 *
 * <p>What it does not do is never silently different: {@link ClientSwap} leaves JMeter's client
 * on samplers that need it (embedded resources, proxies, a source address...). The
 * sample result's fields mean what HttpClient 4's mean; {@code HttpClientEqualityIT} holds the
 * two side by side.
 */
public class SuiteHttpSampler extends HTTPSamplerBase implements Interruptible {
  private static final long serialVersionUID = 1L;
  private static final String RESET_PROPERTY = "httpclient.reset_state_on_thread_group_iteration";

  private transient volatile UserChannels user;

  /** For JMeter's cloning: every user gets a copy made with this constructor. */
  public SuiteHttpSampler() {
    // Nothing to set: every field comes from the copied properties.
  }

  @Override
  protected HTTPSampleResult sample(URL url, String method, boolean areFollowingRedirect,
      int depth) {
    HTTPSampleResult result = new HTTPSampleResult();
    result.setSampleLabel(SampleResult.isRenameSampleLabel() ? getName() : url.toString());
    result.setHTTPMethod(method);
    result.setURL(url);
    OutgoingRequest request;
    try {
      request = OutgoingRequest.of(this, url, method, areFollowingRedirect);
    } catch (IOException | RuntimeException e) {
      result.sampleStart();
      result.sampleEnd();
      return errorResult(e, result);
    }
    result.setCookies(request.cookies());
    result.sampleStart();
    long startNanos = System.nanoTime();
    CacheManager cache = getCacheManager();
    if (cache != null && "GET".equalsIgnoreCase(method)
        && CacheHeaders.served(cache, url, request.headers())) {
      return CacheHeaders.fromCache(result);
    }
    try {
      WireResponse response = exchange(request, result, startNanos);
      AutoRedirect redirects = AutoRedirect.upTo(MAX_REDIRECTS);
      while (getAutoRedirects()) {
        OutgoingRequest next = redirects.next(this, request, response);
        if (next == null) {
          break;
        }
        saveCookies(response, request.url());
        request = next;
        result.setURL(request.url());
        response = exchange(request, result, startNanos);
      }
      result.setRequestHeaders(request.shownHeaders());
      SampleFields.fill(result, response, startNanos);
      result.setSuccessful(isSuccessCode(response.status()));
      saveCookies(response, result.getURL());
      if (cache != null) {
        CacheHeaders.save(cache, response, result);
      }
      return resultProcessing(areFollowingRedirect, depth, result);
    } catch (IOException | RuntimeException e) {
      if (result.getEndTime() == 0) {
        result.sampleEnd();
      }
      // HttpClient 4 names the final URL only once a redirect chain succeeds.
      result.setURL(url);
      result.setRequestHeaders(request.shownHeaders());
      return errorResult(e, result);
    }
  }

  /** One request on the user's connection to its origin, the thread parked until it ends. */
  private WireResponse exchange(OutgoingRequest request, HTTPSampleResult result,
      long startNanos) throws IOException {
    UserChannels user = UserChannels.ofThisUser();
    this.user = user;
    UserChannels.Connection connection = user.connection(request.url(), getConnectTimeout());
    if (connection.opened()) {
      result.setConnectTime(SampleFields.millis(connection.connectedNanos() - startNanos));
    }
    if (request.shownBody() != null) {
      result.setQueryString(request.shownBody());
    }
    URL url = request.url();
    String hostPort = url.getHost() + ":" + (url.getPort() == -1 ? url.getDefaultPort()
        : url.getPort());
    Exchange exchange = Exchange.send(connection.channel(), request.toNetty(), hostPort,
        getResponseTimeout(), request.keepAlive());
    try {
      WireResponse response = user.await(exchange.done, "waiting for the response");
      if (!response.keepAlive()) {
        user.drop(connection);
      }
      return response;
    } catch (IOException e) {
      user.drop(connection);
      throw e;
    }
  }

  private void saveCookies(WireResponse response, URL url) {
    CookieManager cookies = getCookieManager();
    if (cookies == null) {
      return;
    }
    for (Map.Entry<String, String> header : response.headers()) {
      if ("Set-Cookie".equalsIgnoreCase(header.getKey())) {
        cookies.addCookieFromHeader(header.getValue(), url);
      }
    }
  }

  /**
   * Stops the request in flight (JMeter's stop, an Interrupt timer): connecting, the TLS
   * handshake or the wait for the response ends with an I/O failure, so a user with timeouts of
   * 0 (none, as HttpClient 4's 0) can always be stopped.
   */
  @Override
  public boolean interrupt() {
    UserChannels current = user;
    return current != null && current.abort();
  }

  /**
   * A new visitor's iteration starts on new connections and TLS sessions, as HttpClient 4 closes
   * its pool and JMeter resets its SSL context then
   * (unless {@code httpclient.reset_state_on_thread_group_iteration} is false, as the suite sets
   * it, or the thread group keeps the same user).
   */
  @Override
  public void testIterationStart(LoopIterationEvent event) {
    super.testIterationStart(event);
    JMeterVariables variables = JMeterContextService.getContext().getVariables();
    if (variables != null && !variables.isSameUserOnNextIteration()
        && JMeterUtils.getPropDefault(RESET_PROPERTY, true)) {
      UserChannels.ofThisUser().newVisitor();
    }
  }

  @Override
  public void threadFinished() {
    super.threadFinished();
    UserChannels.ofThisUser().closeAll();
  }
}
