package dev.perfsuite.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.perfsuite.backends.Backends;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.engines.LoadEngine;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.files.DirectoryTree;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.scenarios.ReferenceRequests.Sent;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * How every fidelity test runs a plan and checks what it sent: the plan runs once on an embedded
 * engine against {@link CapturingStubs}, and each captured request is checked against its row of
 * the reference table ({@link ReferenceRequests}).
 *
 * <p>A JUnit extension: a test class registers one in a static field,
 * {@code @RegisterExtension static final FidelityHarness HARNESS = FidelityHarness.stubs();}, which
 * starts before the class's {@code @BeforeAll} methods, forgets the captured requests before each
 * test and stops after all. Tests run plans with {@link #runOnce} (no failed sample allowed) or
 * {@link #capture} (for a request no stub answers), and check with {@link #check}. With
 * {@link #stubsAndLocalBackends} it also gives the run's embedded local backends (Keycloak and the
 * API stubs, {@link SharedBackends}: started by the first class that asks), for plans
 * that fetch real tokens.
 */
public final class FidelityHarness implements BeforeAllCallback, BeforeEachCallback,
    AfterAllCallback {
  /** 1 user, 1 iteration, no warm-up: each request of the plan once. */
  public static final LoadProfile ONCE = times(1, 1);

  private static final ObjectMapper JSON = new ObjectMapper();
  /** Generous: a shared 2-core machine, and Keycloak hashing passwords behind some plans. */
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
  private static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(30);

  private final boolean localBackends;
  private Path work;
  private CapturingStubs stubs;
  private LoadEngine engine;
  private Backends backends;

  private FidelityHarness(boolean localBackends) {
    this.localBackends = localBackends;
  }

  /** The capturing stubs and an engine. */
  public static FidelityHarness stubs() {
    return new FidelityHarness(false);
  }

  /** Also the run's embedded local backends (Keycloak, stub portal), shared across classes. */
  public static FidelityHarness stubsAndLocalBackends() {
    return new FidelityHarness(true);
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    work = Files.createTempDirectory("perf-fidelity-");
    if (localBackends) {
      backends = SharedBackends.of(context);
    }
    stubs = CapturingStubs.start();
    engine = Engines.embedded(work.resolve("results"), CONNECT_TIMEOUT, RESPONSE_TIMEOUT);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    stubs.reset();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    // The local backends are the run's: its root store stops them when the run ends.
    try {
      if (stubs != null) {
        stubs.close();
      }
    } finally {
      if (work != null) {
        DirectoryTree.deleteQuietly(work, "fidelity harness files");
      }
    }
  }

  /** {@code users} users running {@code iterations} iterations each, no warm-up. */
  public static LoadProfile times(int users, int iterations) {
    return Profiles.smoke().withUsers(users).withIterations(iterations)
        .withWarmUp(Duration.ZERO);
  }

  /** Base URL of the capturing stubs, ending in '/'. */
  public URI base() {
    return stubs.base();
  }

  /** A scratch directory of this test class, deleted after all its tests. */
  public Path work() {
    return work;
  }

  /** The local backends of {@link #stubsAndLocalBackends}. */
  public Backends backends() {
    if (backends == null) {
      throw new IllegalStateException("started without local backends; "
          + "use FidelityHarness.stubsAndLocalBackends()");
    }
    return backends;
  }

  /** Runs a plan; fails unless it ran to its end. Failed samples are the caller's to judge. */
  public RunResult run(LoadPlan plan) {
    RunResult result = engine.run(plan);
    assertThat(result.interrupted()).as("%s ran to its end", plan.scenario()).isFalse();
    return result;
  }

  /** Runs a plan and returns every request the stubs received, failed samples allowed. */
  public List<LoggedRequest> capture(LoadPlan plan) {
    run(plan);
    return stubs.requests();
  }

  /**
   * Runs a plan; fails on any failed sample (status or body checks of the plan) or when nothing
   * was sampled; returns every request the stubs received, in arrival order.
   */
  public List<LoggedRequest> runOnce(LoadPlan plan) {
    RunResult result = run(plan);
    LabelSummary all = result.overall(Phase.MEASUREMENT);
    assertThat(all.errors()).as("%s: failed samples %s (see %s)", plan.scenario(),
        all.errorsByCause(), result.directory()).isZero();
    assertThat(all.samples()).as("%s: samples", plan.scenario()).isPositive();
    return stubs.requests();
  }

  /** Requests received so far with the stubs' answers, in arrival order. */
  public List<ServeEvent> events() {
    return stubs.events();
  }

  /** Checks a captured request against a reference row with no placeholder bound. */
  public static void check(String rowId, LoggedRequest request) {
    check(rowId, request, Map.of());
  }

  /**
   * Checks a captured request against a reference row.
   *
   * @param bound exact values of the row's placeholders, e.g. {@code jwt -> the token sent}
   */
  public static void check(String rowId, LoggedRequest request, Map<String, String> bound) {
    check(rowId, Sent.of(request), bound);
  }

  /** Checks a request seen by other means (e.g. recorded by JMeter) against a reference row. */
  public static void check(String rowId, Sent sent, Map<String, String> bound) {
    ReferenceRequests.table().row(rowId).check(sent, bound);
  }

  /** A body as JSON, failing with {@code what} and the text when it is not. */
  public static JsonNode json(String what, String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new AssertionError(what + ": body is not JSON: " + text, e);
    }
  }
}
