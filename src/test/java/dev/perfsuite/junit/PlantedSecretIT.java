package dev.perfsuite.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.regexExtractor;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.perfsuite.config.AmbientFlags;
import dev.perfsuite.config.Secrets;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.reporting.AllureReport;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Sla;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.apache.http.entity.ContentType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * A secret holding {@code " , & + / = %} and a token the plan extracts at run time appear in no
 * file a run writes and in no console line, in any spelling.
 *
 * <p>A session runs a short loopback scenario (2 users, 2 s) that sends the secret in a form
 * body, a JSON body, a header, Basic auth and the query, and in a sampler's label (which reaches
 * summary, verdict, thresholds, history and metric labels); the server echoes it back, answers
 * half of the requests with 500 (failure trails) and hands out a session token that a regex
 * extractor stores in a variable named by {@code perf.secrets.variables}. Then every file under
 * the results, history and JUnit-report folders, the Allure results written since the start, the
 * Prometheus scrape and the captured console are searched for every spelling.
 */
class PlantedSecretIT {
  private static final String INNER = "planted-secret.inner";
  static volatile String secret;
  static volatile String url;
  static volatile String scrape = "";
  /** Run-time tokens the server handed out: each must be masked once extracted. */
  static final List<String> TOKENS = new java.util.concurrent.CopyOnWriteArrayList<>();

  @Test
  void shouldShowAPlantedSecretInNoFileAndNoConsoleLineInAnyEncoding(@TempDir Path dir)
      throws Exception {
    String marker = UUID.randomUUID().toString().substring(0, 8);
    secret = "pl\"an,t&" + marker + "+s/e=c%r et";
    Secrets.registerGenerated(secret);
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(),
        0), 16);
    server.createContext("/", PlantedSecretIT::answer);
    server.start();
    url = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    Instant start = Instant.now().minusSeconds(1);
    Map<String, String> flags = Map.ofEntries(Map.entry("perf.backends", "embedded"),
        Map.entry("perf.profile", "smoke"), Map.entry("perf.threads", "2"),
        Map.entry("perf.ramp-up", "0s"), Map.entry("perf.hold", "2s"),
        Map.entry("perf.warm-up", "0s"), Map.entry("perf.think-time", "50ms"),
        Map.entry("perf.prime", "0s"), Map.entry("perf.progress.interval", "1s"),
        Map.entry("perf.secrets.variables", "sessionToken"),
        Map.entry("perf.metrics.export", "prometheus"), Map.entry("perf.metrics.port", "0"),
        Map.entry("perf.results-dir", dir.resolve("results").toString()),
        Map.entry("perf.history.dir", dir.resolve("history").toString()),
        Map.entry("perf.junit.reports-dir", dir.resolve("junit").toString()));
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    PrintStream out = System.out;
    PrintStream err = System.err;
    System.setProperty(INNER, "true");
    TestExecutionSummary summary;
    try {
      // Both streams captured as the console: the session puts its mask over them.
      System.setOut(new PrintStream(new Tee(console, out), true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(new Tee(console, err), true, StandardCharsets.UTF_8));
      summary = AmbientFlags.with(flags, () -> launch(PlantedSecretScenario.class));
      System.out.println("planted-secret check: the console prints " + secret + " masked");
    } finally {
      System.setOut(out);
      System.setErr(err);
      System.clearProperty(INNER);
      server.stop(0);
    }
    assertThat(summary.getTotalFailureCount()).as("inner scenario failed: %s", summary
        .getFailures().stream().map(f -> f.getException().toString()).toList()).isZero();
    assertThat(summary.getTestsSucceededCount()).as("inner scenario passed").isEqualTo(1);
    assertThat(TOKENS).as("session tokens the plan extracted").isNotEmpty();

    Map<String, String> outputs = new LinkedHashMap<>();
    for (Path root : List.of(dir.resolve("results"), dir.resolve("history"),
        dir.resolve("junit"))) {
      outputs.putAll(texts(root, Instant.EPOCH));
    }
    outputs.putAll(texts(AllureReport.resultsDirectory(), start));
    outputs.put("Prometheus scrape", scrape);
    outputs.put("console", console.toString(StandardCharsets.UTF_8));
    assertThat(outputs.keySet()).as("outputs searched")
        .anyMatch(f -> f.endsWith("results.jtl")).anyMatch(f -> f.contains("failures"))
        .anyMatch(f -> f.endsWith("summary.md")).anyMatch(f -> f.endsWith("summary.csv"))
        .anyMatch(f -> f.endsWith("run.properties")).anyMatch(f -> f.endsWith("verdict.json"))
        .anyMatch(f -> f.endsWith("thresholds.xml")).anyMatch(f -> f.endsWith(".csv")
            && f.contains("history"))
        .anyMatch(f -> f.contains("-attachment")).anyMatch(f -> f.endsWith("-result.json"));
    assertThat(outputs.get("console")).as("console holds the masked check line")
        .contains("planted-secret check: the console prints **** masked");
    assertThat(outputs.values()).as("outputs hold the secret's label, masked")
        .anyMatch(text -> text.contains("GET planted ****"));

    Map<String, String> spellings = spellings(secret);
    for (String token : TOKENS) {
      spellings.put("run-time token " + token, token);
    }
    List<String> leaks = new ArrayList<>();
    outputs.forEach((file, text) -> spellings.forEach((form, spelled) -> {
      if (text.contains(spelled)) {
        int at = text.indexOf(spelled);
        leaks.add(form + " in " + file + ": ..." + text.substring(Math.max(0, at - 60),
            Math.min(text.length(), at + spelled.length() + 20)) + "...");
      }
    }));
    assertThat(leaks).as("the secret in any spelling, in any of %d outputs", outputs.size())
        .isEmpty();
  }

  /** Every spelling the secret may take in an output. */
  static Map<String, String> spellings(String value) {
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    String form = URLEncoder.encode(value, StandardCharsets.UTF_8);
    Map<String, String> spellings = new LinkedHashMap<>();
    spellings.put("raw", value);
    spellings.put("URL-encoded (+)", form);
    spellings.put("URL-encoded (%20)", form.replace("+", "%20"));
    spellings.put("URL-encoded, lower-case hex", lowerHex(form));
    spellings.put("Base64", Base64.getEncoder().encodeToString(bytes));
    spellings.put("Base64 URL-safe", Base64.getUrlEncoder().withoutPadding()
        .encodeToString(bytes));
    spellings.put("Basic base64(id:secret)", basic(value));
    spellings.put("JSON-escaped", json(value));
    spellings.put("JSON-escaped twice", json(json(value)));
    spellings.put("CSV-escaped", value.replace("\"", "\"\""));
    spellings.put("HTML-escaped", value.replace("&", "&amp;").replace("\"", "&quot;"));
    spellings.put("a fragment", value.substring(value.indexOf('&'), value.indexOf('/')));
    return spellings;
  }

  private static String lowerHex(String encoded) {
    return java.util.regex.Pattern.compile("%[0-9A-F]{2}").matcher(encoded)
        .replaceAll(m -> m.group().toLowerCase(Locale.ROOT));
  }

  private static String basic(String value) {
    return Base64.getEncoder().encodeToString(("perf-user:" + value)
        .getBytes(StandardCharsets.UTF_8));
  }

  /** The loopback server: echoes what it got, fails every other request, hands out tokens. */
  private static void answer(HttpExchange exchange) throws IOException {
    String request;
    try (InputStream in = exchange.getRequestBody()) {
      request = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String path = exchange.getRequestURI().getRawPath();
    String body;
    int status = 200;
    if (path.startsWith("/login")) {
      String token = "rt-" + UUID.randomUUID();
      TOKENS.add(token);
      body = "{\"session\":\"" + token + "\"}";
      exchange.getResponseHeaders().add("Set-Cookie", "sid=" + token + "; Path=/");
    } else {
      String header = String.valueOf(exchange.getRequestHeaders().getFirst("X-Api-Key"));
      body = "{\"echo\":\"" + json(header) + "\",\"query\":\""
          + exchange.getRequestURI().getRawQuery() + "\",\"body\":\"" + json(request) + "\"}";
      status = path.startsWith("/fail") ? 500 : 200;
    }
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static String json(String text) {
    return text.replace("\\", "\\\\").replace("\"", "\\\"");
  }

  /** The text of every file under {@code root} modified since {@code since}, by path. */
  private static Map<String, String> texts(Path root, Instant since) throws IOException {
    Map<String, String> texts = new LinkedHashMap<>();
    if (!Files.isDirectory(root)) {
      return texts;
    }
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        FileTime modified = Files.getLastModifiedTime(file);
        if (modified.toInstant().isBefore(since)) {
          continue;
        }
        String name = file.toString();
        if (name.endsWith(".gz")) {
          try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            texts.put(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
          }
        } else if (name.endsWith(".zip")) {
          try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(file))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
              texts.put(name + "!" + entry.getName(),
                  new String(zip.readAllBytes(), StandardCharsets.UTF_8));
            }
          }
        } else {
          texts.put(name, Files.readString(file, StandardCharsets.ISO_8859_1));
        }
      }
    }
    return texts;
  }

  private static TestExecutionSummary launch(Class<?> type) {
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
        .selectors(selectClass(type)).build();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    LauncherFactory.create().execute(request, listener);
    return listener.getSummary();
  }

  /** Writes to the captured console and on to the terminal. */
  private static final class Tee extends OutputStream {
    private final OutputStream copy;
    private final OutputStream terminal;

    Tee(OutputStream copy, OutputStream terminal) {
      this.copy = copy;
      this.terminal = terminal;
    }

    @Override
    public synchronized void write(int b) throws IOException {
      copy.write(b);
      terminal.write(b);
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
      copy.write(bytes, offset, length);
      terminal.write(bytes, offset, length);
    }

    @Override
    public void flush() throws IOException {
      terminal.flush();
    }
  }

  /** The scenario: sends the secret every way a plan does, extracts a token, judges, scrapes. */
  @PerfScenario
  @EnabledIfSystemProperty(named = INNER, matches = "true")
  static class PlantedSecretScenario {
    @Test
    void shouldRunSendingThePlantedSecret(PerfSession perf) throws Exception {
      String query = URLEncoder.encode(secret, StandardCharsets.UTF_8).replace("+", "%20");
      String json = "{\"password\":\"" + secret.replace("\"", "\\\"") + "\"}";
      RunResult result = perf.run(LoadPlan.of("planted-secret", perf.config().profile(),
          httpSampler("login", url + "login").post("user=perf&password="
              + URLEncoder.encode(secret, StandardCharsets.UTF_8),
              ContentType.APPLICATION_FORM_URLENCODED)
              .children(regexExtractor("sessionToken", "\"session\":\"([^\"]+)\"")),
          httpSampler("GET planted " + secret, url + "ok?token=" + query)
              .header("Authorization", "Basic " + basic(secret))
              .header("X-Api-Key", secret),
          httpSampler("POST fail", url + "fail?session=${sessionToken}")
              .post(json, ContentType.APPLICATION_JSON)
              .header("X-Session", "${sessionToken}")
              .header("Authorization", "Bearer ${sessionToken}")));
      perf.judge(Sla.overall().samplesAtLeast(3)
          .and(Sla.label("GET planted " + secret).errorPercentBelow(50)), result)
          .assertPassed();
      URI endpoint = perf.metrics().endpoint().orElseThrow();
      scrape = HttpClient.newHttpClient().send(HttpRequest.newBuilder(endpoint).build(),
          HttpResponse.BodyHandlers.ofString()).body();
    }
  }
}
