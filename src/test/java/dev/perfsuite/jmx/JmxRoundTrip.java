package dev.perfsuite.jmx;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.perfsuite.config.settings.JmxLoad;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.profiles.ThreadGroups;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * Runs a Java scenario's plan, then the same plan saved with the DSL's {@code saveAsJmx} and
 * loaded back as a JMX, against one capturing server (an echo of request bodies, or the project's
 * API stubs), and returns what reached the server each time: method, URL, every header and body,
 * with values a run makes fresh (UUIDs, times, tokens the stubs mint) compared by shape.
 */
public final class JmxRoundTrip implements AutoCloseable {
  private static final Pattern UUID = Pattern.compile(
      "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
  private static final Pattern TIMESTAMP = Pattern.compile(
      "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?([+-]\\d{4}|Z)?");
  private static final Pattern JWT = Pattern.compile(
      "eyJ[A-Za-z0-9_-]*\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");
  /** Generous: a cold Keycloak answers its first grants and login pages slowly on 2 cores. */
  private static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(30);
  private final WireMockServer server;
  private final Path results;
  private final boolean owned;
  private final Map<Pattern, String> rules;

  private JmxRoundTrip(WireMockServer server, Path results, boolean owned,
      Map<Pattern, String> rules) {
    this.server = server;
    this.results = results;
    this.owned = owned;
    this.rules = rules;
  }

  /**
   * Captures what reaches {@code server} (e.g. the capturing stubs, whose answers drive tokens
   * and extractors as in a real run); the caller stops it.
   */
  public static JmxRoundTrip on(WireMockServer server, Path results) {
    return new JmxRoundTrip(server, results, false, Map.of());
  }

  /** The same, also comparing what matches {@code regex} by {@code shape} (e.g. stub OTPs). */
  public JmxRoundTrip normalizing(String regex, String shape) {
    Map<Pattern, String> more = new LinkedHashMap<>(rules);
    more.put(Pattern.compile(regex), shape);
    return new JmxRoundTrip(server, results, owned, more);
  }

  /** Starts the capturing server on a loopback ephemeral port; runs write under {@code results}. */
  public static JmxRoundTrip start(Path results) {
    WireMockServer server = new WireMockServer(WireMockConfiguration.options()
        .bindAddress("127.0.0.1").dynamicPort().templatingEnabled(true));
    server.start();
    server.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(200)
        .withBody("{{request.body}}").withTransformers("response-template")));
    return new JmxRoundTrip(server, results, true, Map.of());
  }

  /** Base URL ending in '/'. */
  public URI base() {
    return URI.create("http://127.0.0.1:" + server.port() + "/");
  }

  /**
   * Requests the Java plan sends, as sorted "METHOD url | authorization, content-type | other
   * headers | body" lines.
   */
  public List<String> viaJava(LoadPlan plan) {
    return capture(() -> Engines.embedded(results.resolve("java"), Duration.ofSeconds(2),
        RESPONSE_TIMEOUT).run(plan));
  }

  /** Requests the same plan sends after {@code saveAsJmx} and loading back as a JMX. */
  public List<String> viaJmx(LoadPlan plan) {
    // fromDsl saves with saveAsJmx and loads the file like any JMX (CSV paths from the project).
    ImportedPlan imported = JmxPlans.fromDsl(plan.scenario(), dslPlan(plan),
        JmxFixtures.settings(JmxLoad.PLAN, Map.of()), plan.profile());
    return capture(() -> Engines.embedded(results.resolve("jmx"), Duration.ofSeconds(2),
        RESPONSE_TIMEOUT).run(imported.plan()));
  }

  /** The plan as a JMeter file: its plan elements and the thread group its profile makes. */
  public static Path saveAsJmx(LoadPlan plan, Path file) {
    try {
      Files.createDirectories(file.getParent());
      dslPlan(plan).saveAsJmx(file.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  private static DslTestPlan dslPlan(LoadPlan plan) {
    List<TestPlanChild> children = new ArrayList<>(plan.planElements());
    children.add(ThreadGroups.of(plan.scenario(), plan.profile(),
        plan.journey().toArray(ThreadGroupChild[]::new)));
    return testPlan(children.toArray(TestPlanChild[]::new));
  }

  /** Requests that reached the server while {@code run} ran, in the form of the other views. */
  public List<String> requests(Supplier<RunResult> run) {
    return capture(run);
  }

  private List<String> capture(Supplier<RunResult> run) {
    server.resetRequests();
    run.get();
    return server.getAllServeEvents().stream()
        .map(e -> (LoggedRequest) e.getRequest())
        .map(r -> r.getMethod().getName() + " " + r.getUrl() + " | authorization="
            + r.getHeader("Authorization") + " content-type=" + r.getHeader("Content-Type")
            + " | " + otherHeaders(r) + " | " + r.getBodyAsString())
        .map(this::normalizedByRules)
        .sorted().toList();
  }

  private static String otherHeaders(LoggedRequest request) {
    return request.getHeaders().all().stream()
        .filter(h -> !h.key().equalsIgnoreCase("Authorization")
            && !h.key().equalsIgnoreCase("Content-Type"))
        .map(h -> h.key().toLowerCase() + "=" + String.join(",", h.values()))
        .sorted().collect(Collectors.joining(" "));
  }

  private String normalizedByRules(String request) {
    String text = normalized(request);
    for (Map.Entry<Pattern, String> rule : rules.entrySet()) {
      text = rule.getKey().matcher(text).replaceAll(rule.getValue());
    }
    return text;
  }

  /**
   * Values a plan makes fresh per request ({@code ${__UUID()}}, {@code ${__time()}}) differ between
   * any two runs; they are compared by shape.
   */
  public static String normalized(String request) {
    String text = JWT.matcher(request).replaceAll("<jwt>");
    return UUID.matcher(TIMESTAMP.matcher(text).replaceAll("<timestamp>")).replaceAll("<uuid>");
  }

  @Override
  public void close() {
    if (owned) {
      server.stop();
    }
  }
}
