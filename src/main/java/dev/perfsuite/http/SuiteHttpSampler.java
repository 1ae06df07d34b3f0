package dev.perfsuite.http;

import io.netty.channel.Channel;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.Map;
import org.apache.jmeter.engine.event.LoopIterationEvent;
import org.apache.jmeter.protocol.http.control.CacheManager;
import org.apache.jmeter.protocol.http.control.CookieManager;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.samplers.Interruptible;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter's HTTP sampler on the suite's client: everything {@code HTTPSamplerBase} does, the
 * request sent over the shared event loop.
 *
 * <p>That is the merged Header, Cookie, Cache and Authorization Managers, arguments, redirects
 * followed as sub-results and the result's bookkeeping. The request goes on the user's own
 * keep-alive connection (or one lent by the pool all users share, with
 * {@code perf.users.connections=shared}); the user's thread parks until the response is in.
 *
 * <p>What it does not do is never silently different: {@link ClientSwap} leaves JMeter's client
 * on samplers that need it (embedded resources, proxies, a source address...). The
 * sample result's fields mean what HttpClient 4's mean; {@code HttpClientEqualityIT} holds the
 * two side by side.
 */
public class SuiteHttpSampler extends HTTPSamplerBase implements Interruptible {
  private static final long serialVersionUID = 1L;
  private static final String RESET_PROPERTY = "httpclient.reset_state_on_thread_group_iteration";
  /**
   * The size of the pool all users share ({@code perf.users.connections=shared}).
   *
   * <p>Set by {@link ClientSwap}; absent or 0: each user keeps its own connections.
   */
  static final String SHARED_CONNECTIONS = "SuiteHttpSampler.shared_connections";
  /**
   * The HTTP version of this sampler's requests ({@code perf.http.version}: 1.1, 2, auto).
   *
   * <p>Set by {@link ClientSwap}; absent: HTTP/1.1.
   */
  static final String HTTP_VERSION = "SuiteHttpSampler.http_version";

  private transient volatile UserChannels user;
  /** Created lazily: JMeter's cloning copies properties, not fields. */
  private transient UriSyntax uriSyntax;
  private transient Boolean resetOnNewVisitor;
  /** Created lazily, as {@link #uriSyntax}. */
  private transient BuiltUrl builtUrl;

  /** Set when nothing changes this sampler or its config elements between samples. */
  private transient boolean constantConfigs;
  /** True while the first sample's config elements are merged in, to be kept. */
  private transient boolean configuring;
  /** True once the config elements are merged in and kept for the user's next samples. */
  private transient boolean configsMerged;

  /**
   * The socket transport of the suite's client in this JVM, for the run's facts.
   *
   * <p>Netty's native {@code epoll} where the platform has it, else {@code nio} (also with
   * {@code -Dio.netty.transport.noNative=true}). Starts no thread.
   */
  public static String transport() {
    return SharedLoop.Transport.of(SharedLoop.epollAvailable()).label();
  }

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
      // HttpClient 4 builds its request from the URI: a URL that is no URI (a raw "{" in the
      // path) fails unsent with java.net.URISyntaxException there, so it does here.
      uriSyntax().check(url);
      request = OutgoingRequest.of(this, url, method, areFollowingRedirect);
    } catch (IOException | URISyntaxException | RuntimeException e) {
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

  /**
   * JMeter's URL of this sampler, built again only when a value it is made of has changed.
   *
   * <p>JMeter builds and parses it on every sample.
   */
  @Override
  public URL getUrl() throws MalformedURLException {
    BuiltUrl built = builtUrl;
    if (built == null) {
      built = new BuiltUrl();
      builtUrl = built;
    }
    return built.of(this, super::getUrl);
  }

  private UriSyntax uriSyntax() {
    UriSyntax syntax = uriSyntax;
    if (syntax == null) {
      syntax = new UriSyntax();
      uriSyntax = syntax;
    }
    return syntax;
  }

  /** One request on the user's connection to its origin, the thread parked until it ends. */
  private WireResponse exchange(OutgoingRequest request, HTTPSampleResult result,
      long startNanos) throws IOException {
    UserChannels user = UserChannels.ofThisUser();
    this.user = user;
    int sharedSize = getPropertyAsInt(SHARED_CONNECTIONS, 0);
    SharedConnections shared = sharedSize > 0 ? SharedConnections.ofSize(sharedSize) : null;
    Http2Streams.Version version = Http2Streams.Version.of(getPropertyAsString(HTTP_VERSION));
    // The shared pool holds HTTP/1.1 connections only.
    UserChannels.Connection connection = shared != null
        ? shared.lend(request.url(), getConnectTimeout(), slotWait(), user)
        : user.connection(request.url(), getConnectTimeout(), version);
    boolean http2 = shared == null && Http2Streams.isHttp2(connection.channel());
    boolean reusable = false;
    try {
      if (connection.opened()) {
        result.setConnectTime(SampleFields.millis(connection.connectedNanos() - startNanos));
      }
      if (request.shownBody() != null) {
        result.setQueryString(request.shownBody());
      }
      Channel channel = http2 ? user.stream(connection.channel()) : connection.channel();
      Exchange exchange = Exchange.send(channel, request.toNetty(), request.url(),
          getResponseTimeout(), request.keepAlive());
      WireResponse response = user.await(exchange.done, "waiting for the response");
      reusable = response.keepAlive();
      return response;
    } finally {
      if (shared != null) {
        shared.giveBack(connection, reusable);
      } else if (!reusable) {
        user.drop(connection);
      }
    }
  }

  /** The longest a request waits for a shared connection: what one exchange may hold it. */
  private int slotWait() {
    int connect = getConnectTimeout();
    int response = getResponseTimeout();
    return connect == 0 || response == 0 ? 0 : connect + response;
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
   * Stops the request in flight (JMeter's stop, an Interrupt timer).
   *
   * <p>Connecting, the TLS handshake or the wait for the response ends with an I/O failure, so a
   * user with timeouts of 0 (none, as HttpClient 4's 0) can always be stopped.
   */
  @Override
  public boolean interrupt() {
    UserChannels current = user;
    return current != null && current.abort();
  }

  /**
   * A new visitor's iteration starts on new connections and TLS sessions, as with HttpClient 4.
   *
   * <p>HttpClient 4 closes its pool and JMeter resets its SSL context then (unless
   * {@code httpclient.reset_state_on_thread_group_iteration} is false, as the suite sets it, or
   * the thread group keeps the same user).
   */
  @Override
  public void testIterationStart(LoopIterationEvent event) {
    super.testIterationStart(event);
    JMeterVariables variables = JMeterContextService.getContext().getVariables();
    if (variables != null && !variables.isSameUserOnNextIteration() && resetsOnNewVisitor()) {
      UserChannels.ofThisUser().newVisitor();
    }
  }

  /**
   * JMeter's reset property, read once per user's sampler.
   *
   * <p>Otherwise it would be a synchronised lookup in JMeter's properties on every iteration;
   * properties do not change while a test runs.
   */
  private boolean resetsOnNewVisitor() {
    Boolean resets = resetOnNewVisitor;
    if (resets == null) {
      resets = JMeterUtils.getPropDefault(RESET_PROPERTY, true);
      resetOnNewVisitor = resets;
    }
    return resets;
  }

  /**
   * Keeps the config elements merged into this user's copy from one sample to the next.
   *
   * <p>Otherwise they are merged before and walked back after every sample. Only for a copy
   * whose own properties and config elements hold no function or variable and that nothing in the
   * plan changes between samples (no pre-processor or script): then every merge gives the same
   * sampler, and the walk back has nothing of the user's to restore. The users' group decides.
   */
  public void keepConfigsMerged() {
    constantConfigs = true;
  }

  @Override
  public void clearTestElementChildren() {
    if (configsMerged) {
      return;
    }
    // JMeter's thread calls this first when it configures the sampler for a sample.
    configuring = constantConfigs;
    super.clearTestElementChildren();
  }

  @Override
  public void addTestElement(TestElement element) {
    if (!configsMerged) {
      super.addTestElement(element);
    }
  }

  /**
   * Walks back what a sample changed, the merged config elements first of all.
   *
   * <p>When they are kept, there is nothing to walk back from the first sample on.
   */
  @Override
  public void recoverRunningVersion() {
    if (configsMerged) {
      return;
    }
    if (configuring) {
      configsMerged = true;
      return;
    }
    super.recoverRunningVersion();
  }

  /** The shared connections idle at the test's end close with it. */
  @Override
  public void testEnded() {
    super.testEnded();
    SharedConnections.closeIdle();
  }

  @Override
  public void threadFinished() {
    super.threadFinished();
    UserChannels.ofThisUser().closeAll();
  }
}
