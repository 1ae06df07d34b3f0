package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpAuth;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCache;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCookies;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223PostProcessor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223PreProcessor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import dev.perfsuite.engines.BuiltTree;
import dev.perfsuite.http.RecordingServer.Recorded;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.http.entity.ContentType;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jorphan.collections.ListedHashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * The same plans on JMeter's HttpClient 4 and on the suite's client, against one recording
 * loopback server: the requests on the wire and the sample results must be equal in meaning.
 *
 * <p>Left out of the comparison, on purpose: a failure's stack trace beyond its first line (and so
 * its size in bytes).
 */
class HttpClientEqualityIT {
  private static RecordingServer server;
  private static final List<Boolean> FLAGS_AFTER = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() throws IOException {
    server = new RecordingServer();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void shouldSendTheSameGetAndKeepOneConnectionPerUser() {
    ThreadGroupChild get = httpSampler("get", url("/echo?x=1&y=a%20b"))
        .header("X-Test", "one").header("Accept", "application/json");
    Pair pair = both(3, Duration.ofSeconds(5), get);

    pair.assertEqual();
    for (Run run : pair.runs()) {
      assertThat(run.wire().stream().map(Recorded::clientPort).distinct())
          .as("%s: one keep-alive connection for the user's 3 requests", run.name())
          .hasSize(1);
      assertThat(run.samples().subList(1, 3)).as("%s: connect time on a reused connection",
          run.name()).allSatisfy(s -> assertThat(s.getConnectTime()).isZero());
    }
  }

  /**
   * A stopping test interrupts users between samples (JMeter re-sets the flag after an
   * interrupted timer): HttpClient 4 on a platform thread still sends the next request, and the
   * flag stays for JMeter to see. Seen as one "other" error at the end of a shaped corpus plan.
   */
  @Test
  void shouldSendAlikeWhenTheUserIsAlreadyInterrupted() {
    ThreadGroupChild get = httpSampler("interrupted", url("/echo?i=1"))
        .children(jsr223PreProcessor(s -> Thread.currentThread().interrupt()),
            jsr223PostProcessor(s -> FLAGS_AFTER.add(Thread.interrupted())));
    FLAGS_AFTER.clear();
    Pair pair = both(1, Duration.ofSeconds(5), get);

    pair.assertEqual();
    assertThat(pair.suite().samples()).extracting(SampleResult::getResponseCode)
        .as("code of a request sent by an interrupted user").containsExactly("200");
    assertThat(FLAGS_AFTER).as("interrupt flag after the sample, JMeter then suite")
        .containsExactly(true, true);
  }

  @Test
  void shouldSendBasicCredentialsAndAHostOverrideAlike() {
    Pair pair = both(1, Duration.ofSeconds(5), httpSampler("auth", url("/echo"))
        .header("Host", "api.example.test:80"));
    Pair withAuth = both(1, Duration.ofSeconds(5), List.of(httpAuth().basicAuth(url("/"),
        "user", "secret")), httpSampler("auth", url("/echo")));

    pair.assertEqual();
    withAuth.assertEqual();
    assertThat(pair.suite().wire().get(0).headers().get("host")).as("host sent")
        .containsExactly("api.example.test");
    assertThat(withAuth.suite().wire().get(0).headers().get("authorization"))
        .as("credentials sent").containsExactly("Basic dXNlcjpzZWNyZXQ=");
  }

  @Test
  void shouldSpeakHttpsWithTrustAllAlike() throws Exception {
    try (RecordingServer tls = new RecordingServer(SelfSigned.context())) {
      String secure = "https://localhost:" + tls.port() + "/echo?tls=1";
      Run jmeter = run(tls::take, false, 2, Duration.ofSeconds(5), List.of(),
          httpSampler("tls", secure));
      Run suite = run(tls::take, true, 2, Duration.ofSeconds(5), List.of(),
          httpSampler("tls", secure));

      new Pair(jmeter, suite).assertEqual();
      assertThat(suite.samples()).extracting(SampleResult::getResponseCode)
          .as("codes over TLS").containsExactly("200", "200");
    }
  }

  @Test
  void shouldTimeOutAlikeWhenTheServerNeverAnswersTheTlsHandshake() throws IOException {
    // A listener that never reads: an HTTP server would answer a client hello whose random
    // bytes happen to hold CRLF with a 400, a plain answer instead of a silent one.
    try (SilentListener silent = new SilentListener()) {
      Pair pair = both(1, Duration.ofSeconds(5), List.of(
          httpDefaults().connectionTimeout(Duration.ofMillis(500))), httpSampler("bad tls",
          "https://127.0.0.1:" + silent.port() + "/echo"));

      pair.assertEqual();
      assertThat(pair.suite().samples().get(0).getResponseCode()).as("code")
          .isEqualTo("Non HTTP response code: org.apache.http.conn.ConnectTimeoutException");
    }
  }

  /**
   * Each client its own unknown name: the JDK caches a failed look-up and then names only the
   * host, so the second client would read a shorter message whichever it is.
   */
  @Test
  void shouldFailAlikeOnAnUnknownHost() {
    Run jmeter = run(server::take, false, 1, Duration.ofSeconds(5), List.of(),
        httpSampler("unknown host", "http://no-such-host-1.invalid/echo"));
    Run suite = run(server::take, true, 1, Duration.ofSeconds(5), List.of(),
        httpSampler("unknown host", "http://no-such-host-2.invalid/echo"));

    List<String> jmeterFields = List.of(fields(jmeter.samples()).toString()
        .replace("no-such-host-1", "HOST"));
    assertThat(List.of(fields(suite.samples()).toString().replace("no-such-host-2", "HOST")))
        .as("samples, suite vs JMeter").isEqualTo(jmeterFields);
    assertThat(suite.samples().get(0).getResponseCode()).as("code")
        .isEqualTo("Non HTTP response code: java.net.UnknownHostException");
  }

  /** TLS against a server that answers the client hello with plain HTTP, or resets it. */
  @Test
  void shouldFailAlikeOnAPlainAnswerOrAResetDuringTheTlsHandshake() throws Exception {
    try (ServerSocket plain = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        ServerSocket resetting = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread answering = new Thread(() -> answerPlainly(plain), "plain-answer");
      Thread acceptor = new Thread(() -> resetEach(resetting), "resetting-server");
      for (Thread t : List.of(answering, acceptor)) {
        t.setDaemon(true);
        t.start();
      }
      Pair pair = both(1, Duration.ofSeconds(5),
          httpSampler("plain", "https://127.0.0.1:" + plain.getLocalPort() + "/tls"),
          httpSampler("reset", "https://127.0.0.1:" + resetting.getLocalPort() + "/tls"));

      pair.assertEqual();
      assertThat(pair.suite().samples()).extracting(SampleResult::getResponseCode)
          .as("codes").allSatisfy(code -> assertThat(code).startsWith("Non HTTP"));
    }
  }

  /** Reads each client hello's first bytes and answers them with a plain HTTP 400. */
  private static void answerPlainly(ServerSocket server) {
    while (!server.isClosed()) {
      try (Socket socket = server.accept()) {
        socket.getInputStream().read(new byte[256]);
        socket.getOutputStream().write(("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n"
            + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      } catch (IOException closed) {
        return;
      }
    }
  }

  @Test
  void shouldTimeOutConnectingAlike() throws IOException {
    try (StuckListener stuck = new StuckListener()) {
      String target = "http://127.0.0.1:" + stuck.port() + "/never";
      Pair pair = both(1, Duration.ofSeconds(5), List.of(
          httpDefaults().connectionTimeout(Duration.ofMillis(300))),
          httpSampler("connect timeout", target));

      pair.assertEqual();
      assertThat(pair.suite().samples().get(0).getResponseCode()).as("code")
          .isEqualTo("Non HTTP response code: org.apache.http.conn.ConnectTimeoutException");
    }
  }

  @Test
  void shouldSendMultipartAndFileBodiesAlike(@TempDir Path dir) throws IOException {
    Path upload = Files.writeString(dir.resolve("upload.txt"), "file content é\n");
    Pair pair = both(1, Duration.ofSeconds(5),
        httpSampler("multipart", url("/upload")).method("POST")
            .bodyPart("field", "value one", ContentType.TEXT_PLAIN)
            .bodyFilePart("file", upload.toString(), ContentType.TEXT_PLAIN),
        httpSampler("file body", url("/upload")).method("PUT").bodyFile(upload.toString()));

    pair.assertEqual();
    assertThat(pair.suite().wire().get(0).bodyText()).as("multipart body")
        .contains("name=\"field\"", "value one", "filename=\"upload.txt\"");
  }

  @Test
  void shouldSendTheSameBodiesForEveryMethod() {
    Pair pair = both(1, Duration.ofSeconds(5),
        httpSampler("form", url("/echo")).post("", ContentType.APPLICATION_FORM_URLENCODED)
            .param("a", "1").param("b", "x y&z"),
        httpSampler("json", url("/echo")).post("{\"k\": \"v é\"}",
            ContentType.APPLICATION_JSON),
        httpSampler("put", url("/echo")).method("PUT").body("put body"),
        httpSampler("patch", url("/echo")).method("PATCH").body("{\"p\": 1}")
            .header("Content-Type", "application/json"),
        httpSampler("delete", url("/echo/7")).method("DELETE"),
        httpSampler("head", url("/echo")).method("HEAD"),
        httpSampler("options", url("/echo")).method("OPTIONS"));

    pair.assertEqual();
  }

  @Test
  void shouldSendAndKeepCookiesAsJmeterDoes() {
    Pair pair = both(1, Duration.ofSeconds(5), httpSampler("login", url("/login")),
        httpSampler("after", url("/echo")));

    pair.assertEqual();
    assertThat(pair.suite().wire().get(1).headers().get("cookie"))
        .as("cookie sent after the login").containsExactly("session=abc123");
  }

  @Test
  void shouldUseTheCacheManagerAlike() {
    // One iteration: the DSL's Cache Manager clears itself at each.
    Pair pair = both(1, Duration.ofSeconds(5), List.of(httpCache()),
        httpSampler("cacheable", url("/cacheable")), httpSampler("etag", url("/etag")),
        httpSampler("cacheable again", url("/cacheable")), httpSampler("etag again", url("/etag")));

    pair.assertEqual();
    assertThat(pair.suite().wire()).extracting(Recorded::target).as("requests sent")
        .containsExactly("/cacheable", "/etag", "/etag");
    assertThat(pair.suite().wire().get(2).headers().get("if-none-match")).as("validator sent")
        .containsExactly("\"v1\"");
  }

  @Test
  void shouldDecodeGzipAndDeflateForExtractorsAndCountWireBytes() {
    Pair pair = both(1, Duration.ofSeconds(5), httpSampler("gzip", url("/gzip")),
        httpSampler("deflate", url("/deflate")));

    pair.assertEqual();
    assertThat(pair.suite().samples().get(0).getResponseDataAsString())
        .as("decoded body").startsWith("{\"compressed\"");
    assertThat(pair.suite().samples().get(1).getResponseDataAsString())
        .as("inflated body").startsWith("deflated yyy");
  }

  @Test
  void shouldFollowRedirectsAsSubresults() {
    Pair pair = both(1, Duration.ofSeconds(5),
        httpSampler("redirect", url("/redirect")).followRedirects(true));

    pair.assertEqual();
    assertThat(pair.suite().samples().get(0).getSubResults()).as("the hops").hasSize(2);
  }

  @Test
  void shouldRedirectAutomaticallyWithinOneSample() {
    Pair pair = both(1, Duration.ofSeconds(5), List.of(automatically()),
        httpSampler("auto", url("/redirect")));

    pair.assertEqual();
    assertThat(pair.suite().samples().get(0).getUrlAsString()).as("final URL")
        .endsWith("/echo?from=redirect");
  }

  @Test
  void shouldRedirectAPostAutomaticallyAsHttpClient4sLaxStrategy() {
    Pair pair = both(1, Duration.ofSeconds(5), List.of(automatically()),
        httpSampler("post 302", url("/redirect")).post("{\"a\": 1}",
            ContentType.APPLICATION_JSON),
        httpSampler("post 307", url("/redirect307")).post("{\"b\": 2}",
            ContentType.APPLICATION_JSON),
        httpSampler("delete 302", url("/redirect")).method("DELETE"),
        httpSampler("put 302", url("/redirect")).method("PUT").body("not followed"));

    pair.assertEqual();
    assertThat(pair.suite().wire()).extracting(r -> r.method() + " " + r.target())
        .as("requests sent").containsExactly("POST /redirect", "GET /echo?from=redirect",
            "POST /redirect307", "POST /echo?from=307", "DELETE /redirect",
            "GET /echo?from=redirect", "PUT /redirect");
  }

  @Test
  void shouldFailAlikeBeyondTheMaximumRedirects() {
    Pair pair = both(1, Duration.ofSeconds(5), List.of(automatically()),
        httpSampler("endless", url("/hop")));

    pair.assertEqual();
    assertThat(pair.suite().samples().get(0).getResponseCode()).as("code")
        .isEqualTo("Non HTTP response code: org.apache.http.client.ClientProtocolException");
    // HttpClient 4 wraps its RedirectException without a message of its own.
    assertThat(pair.suite().samples().get(0).getResponseMessage()).as("message")
        .isEqualTo("Non HTTP response message: null");
    assertThat(pair.suite().samples().get(0).getResponseDataAsString()).as("stack trace")
        .contains("RedirectException: Maximum redirects (20) exceeded");
  }

  @Test
  void shouldFailAlikeOnACircularRedirect() {
    Pair pair = both(1, Duration.ofSeconds(5), List.of(automatically()),
        httpSampler("circle", url("/circle")));

    pair.assertEqual();
    assertThat(pair.suite().samples().get(0).getResponseDataAsString()).as("stack trace")
        .contains("CircularRedirectException: Circular redirect to");
  }

  /** Every HTTP sampler redirecting automatically (HttpClient 4's own), not followed by JMeter. */
  private static TestPlanChild automatically() {
    return BuiltTree.onceBuilt(tree -> {
      SearchByClass<HTTPSamplerBase> samplers = new SearchByClass<>(HTTPSamplerBase.class);
      tree.traverse(samplers);
      samplers.getSearchResults().forEach(s -> {
        s.setFollowRedirects(false);
        s.setAutoRedirects(true);
      });
    });
  }

  @Test
  void shouldTakeABodyThatEndsWhenTheServerClosesAlike() throws IOException {
    try (RawServer closing = new RawServer("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
        + "Connection: close\r\n\r\nthe body ends at the close")) {
      Pair pair = raw(closing, httpSampler("until close",
          "http://127.0.0.1:" + closing.port() + "/close"));

      pair.assertEqual();
      assertThat(pair.suite().samples().get(0).getResponseDataAsString()).as("body")
          .isEqualTo("the body ends at the close");
    }
  }

  @Test
  void shouldSkipInterimResponsesAlike() throws IOException {
    try (RawServer interim = new RawServer("HTTP/1.1 100 Continue\r\n\r\n"
        + "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n"
        + "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nfinal")) {
      Pair pair = raw(interim, httpSampler("interim",
          "http://127.0.0.1:" + interim.port() + "/interim"));

      pair.assertEqual();
      assertThat(pair.suite().samples().get(0).getResponseCode()).as("code").isEqualTo("200");
      assertThat(pair.suite().samples().get(0).getResponseDataAsString()).as("body")
          .isEqualTo("final");
    }
  }

  private static Pair raw(RawServer target, ThreadGroupChild... samplers) {
    return new Pair(run(target::take, false, 1, Duration.ofSeconds(5), List.of(), samplers),
        run(target::take, true, 1, Duration.ofSeconds(5), List.of(), samplers));
  }

  @Test
  void shouldFailAlikeOnAResetConnection() throws Exception {
    try (ServerSocket resetting = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread acceptor = new Thread(() -> resetEach(resetting), "resetting-server");
      acceptor.setDaemon(true);
      acceptor.start();
      Pair pair = both(1, Duration.ofSeconds(5), httpSampler("reset",
          "http://127.0.0.1:" + resetting.getLocalPort() + "/reset"));

      pair.assertEqual();
      assertThat(pair.suite().samples().get(0).getResponseCode()).as("code")
          .startsWith("Non HTTP response code: ");
    }
  }

  /** Reads each request's first bytes, then resets the connection (RST, no answer). */
  private static void resetEach(ServerSocket server) {
    while (!server.isClosed()) {
      try (Socket socket = server.accept()) {
        socket.getInputStream().read(new byte[256]);
        socket.setSoLinger(true, 0);
      } catch (IOException closed) {
        return;
      }
    }
  }

  @Test
  void shouldFailAlikeOnServerErrorTimeoutAndRefusedConnection() throws IOException {
    int closed;
    try (ServerSocket free = new ServerSocket(0)) {
      closed = free.getLocalPort();
    }
    Pair pair = both(1, Duration.ofMillis(300), httpSampler("fail", url("/fail")),
        httpSampler("slow", url("/slow")),
        httpSampler("refused", "http://127.0.0.1:" + closed + "/nothing"));

    pair.assertEqual();
    assertThat(pair.suite().samples()).extracting(SampleResult::getResponseCode)
        .as("codes").containsExactly("500",
            "Non HTTP response code: java.net.SocketTimeoutException",
            "Non HTTP response code: org.apache.http.conn.HttpHostConnectException");
  }

  private static String url(String path) {
    return "http://127.0.0.1:" + server.port() + path;
  }

  private record Run(String name, List<Recorded> wire, List<SampleResult> samples) {
  }

  private record Pair(Run jmeter, Run suite) {
    List<Run> runs() {
      return List.of(jmeter, suite);
    }

    void assertEqual() {
      assertThat(wire(suite.wire())).as("requests on the wire, suite vs JMeter (suite's "
          + "samples: %s)", suite.samples().stream().map(s -> s.getResponseCode() + " "
              + s.getResponseMessage()).toList())
          .isEqualTo(wire(jmeter.wire()));
      List<Map<String, Object>> expected = fields(jmeter.samples());
      List<Map<String, Object>> actual = fields(suite.samples());
      assertThat(actual).as("samples, suite vs JMeter").hasSameSizeAs(expected);
      for (int i = 0; i < expected.size(); i++) {
        for (Map.Entry<String, Object> field : expected.get(i).entrySet()) {
          assertThat(actual.get(i).get(field.getKey()))
              .as("%s of sample %s, suite vs JMeter", field.getKey(), expected.get(i).get("label"))
              .isEqualTo(field.getValue());
        }
      }
    }
  }

  private static Pair both(int iterations, Duration responseTimeout,
      ThreadGroupChild... samplers) {
    return both(iterations, responseTimeout, List.of(), samplers);
  }

  private static Pair both(int iterations, Duration responseTimeout, List<TestPlanChild> config,
      ThreadGroupChild... samplers) {
    return new Pair(run(server::take, false, iterations, responseTimeout, config, samplers),
        run(server::take, true, iterations, responseTimeout, config, samplers));
  }

  private static Run run(Supplier<List<Recorded>> target, boolean suite, int iterations,
      Duration responseTimeout, List<TestPlanChild> config, ThreadGroupChild... samplers) {
    CollectedSamples collected = new CollectedSamples();
    collected.setName("collected");
    AtomicReference<ClientSwap.Outcome> swap = new AtomicReference<>();
    List<TestPlanChild> plan = new ArrayList<>(List.of(httpCache().disable(), httpCookies(),
        httpDefaults().connectionTimeout(Duration.ofSeconds(2)).responseTimeout(responseTimeout),
        threadGroup(1, iterations, samplers), BuiltTree.of(collected, new ListedHashTree())));
    plan.addAll(config);
    if (suite) {
      plan.add(BuiltTree.onceBuilt(tree -> swap.set(ClientSwap.apply(tree))));
    }
    try {
      testPlan(plan.toArray(TestPlanChild[]::new)).run();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    if (suite) {
      assertThat(swap.get().kept()).as("samplers kept on JMeter's client").isEmpty();
      assertThat(swap.get().swapped()).as("samplers swapped").isEqualTo(samplers.length);
    }
    return new Run(suite ? "suite" : "jmeter", target.get(), collected.samples());
  }

  /** What must match on the wire: everything, the client's name included. */
  private static List<String> wire(List<Recorded> requests) {
    List<String> lines = new ArrayList<>();
    for (Recorded r : requests) {
      Map<String, List<String>> headers = new TreeMap<>(r.headers());
      String line = r.method() + " " + r.target() + " " + headers + " body=" + r.bodyText();
      String boundary = boundary(String.valueOf(headers.get("content-type")));
      if (boundary != null) {
        // Random on both clients, and so the length it gives the body.
        assertThat(r.body().length).as("multipart body as announced")
            .isEqualTo(Integer.parseInt(headers.get("content-length").get(0)));
        headers.remove("content-length");
        line = (r.method() + " " + r.target() + " " + headers + " body=" + r.bodyText())
            .replace(boundary, "BOUNDARY");
      }
      lines.add(line);
    }
    return lines;
  }

  private static List<Map<String, Object>> fields(List<SampleResult> samples) {
    List<Map<String, Object>> all = new ArrayList<>();
    for (SampleResult s : samples) {
      all.add(fields(s));
    }
    return all;
  }

  private static Map<String, Object> fields(SampleResult s) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("label", s.getSampleLabel());
    f.put("url", s.getUrlAsString());
    f.put("code", s.getResponseCode());
    f.put("message", s.getResponseMessage());
    f.put("successful", s.isSuccessful());
    f.put("contentType", s.getContentType());
    f.put("dataType", s.getDataType());
    f.put("encoding", s.getDataEncodingWithDefault());
    String data = s.getResponseDataAsString();
    f.put("data", s.getResponseCode().startsWith("Non HTTP") ? data.lines().findFirst()
        .orElse("") : data);
    f.put("responseHeaders", withoutDate(s.getResponseHeaders()));
    if (!s.getResponseCode().startsWith("Non HTTP")) {
      // A failure's bytes are its stack trace's, which differ by client by design.
      f.put("bytes", s.getBytesAsLong());
      f.put("headersSize", s.getHeadersSize());
    }
    String boundary = boundary(s.getRequestHeaders());
    f.put("requestHeaders", Arrays.stream(s.getRequestHeaders().split("\n"))
        .filter(h -> boundary == null || !h.startsWith("Content-Length"))
        .map(h -> boundary == null ? h : h.replace(boundary, "BOUNDARY")).sorted().toList());
    f.put("samplerData", boundary == null ? s.getSamplerData()
        : s.getSamplerData().replace(boundary, "BOUNDARY"));
    f.put("sentBytes", boundary != null ? 0 : s.getSentBytes());
    f.put("subresults", fields(Arrays.asList(s.getSubResults())));
    return f;
  }

  /** A multipart body's boundary named in {@code headers}, or null. */
  private static String boundary(String headers) {
    Matcher boundary = Pattern.compile("boundary=([-_A-Za-z0-9]+)").matcher(headers);
    return boundary.find() ? boundary.group(1) : null;
  }

  private static String withoutDate(String headers) {
    return headers.replaceAll("(?m)^Date: .*$", "Date: -");
  }
}
