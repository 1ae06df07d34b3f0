package dev.perfsuite.scenarios.sunbird.users;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223PostProcessor;

import dev.perfsuite.backends.Backends;
import dev.perfsuite.config.Secret;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.jmx.JmxRoundTrip;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.scenarios.CapturingStubs;
import dev.perfsuite.scenarios.SharedBackends;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Sunbird user-management journeys saved with the DSL's saveAsJmx and run back as a JMX send
 * the same requests as the Java plans: the Sunbird API calls as the capturing stubs receive them,
 * and the calls to Keycloak and the portal (password grants, the four-call browser login) as
 * JMeter recorded them ({@link RequestLog}), with the status each got. The token flows run for
 * real from the JMX: the password grant's token reaches the profile read, and the login's
 * redirects, form action and Keycloak session cookies carry through all four calls.
 *
 * <p>Keycloak is the run's embedded backend ({@link SharedBackends}, started by the first class
 * that asks); values minted per run (tokens, UUIDs, Keycloak's session codes in login URLs) are
 * compared by shape.
 */
@Timeout(600)
@ExtendWith(SharedBackends.class)
class UserJourneysJmxRoundTripIT {
  private static final LoadProfile PROFILE = Profiles.smoke().withUsers(2).withIterations(1)
      .withWarmUp(Duration.ZERO);
  private static final String API_KEY = "eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJyb3VuZHRyaXAifQ.c2ln";

  @TempDir
  static Path work;

  private static CapturingStubs stubs;
  private static UserTargets targets;

  @BeforeAll
  static void start(Backends backends) {
    stubs = CapturingStubs.start();
    targets = new UserTargets(stubs.base(), backends.stubs().base(), backends.keycloak(),
        new Secret("test:apiKey", API_KEY), work.resolve("data"));
  }

  /** The backends are the run's: its root store stops them when the run ends. */
  @AfterAll
  static void stop() {
    if (stubs != null) {
      stubs.close();
    }
  }

  @Test
  void shouldSendTheSameApiRequestsFromEachSavedJmxAsFromJava() {
    List<LoadPlan> plans = List.of(
        UserJourneys.signup(targets, PROFILE, UserData.signupPassword()),
        UserJourneys.systemSettingsRead(targets, PROFILE),
        UserJourneys.userByEmail(targets, PROFILE),
        UserJourneys.roleRead(targets, PROFILE),
        UserJourneys.orgSearch(targets, PROFILE),
        UserJourneys.otpGenerateVerify(targets, PROFILE),
        UserJourneys.userExists(targets, PROFILE));
    for (LoadPlan plan : plans) {
      Trip trip = roundTrip(plan, false);
      assertThat(trip.javaApi()).as("%s: API requests of 2 users", plan.scenario())
          .hasSizeGreaterThanOrEqualTo(2);
    }
  }

  @Test
  void shouldGetAndSendARealUserTokenFromTheSavedJmx() {
    Trip token = roundTrip(UserJourneys.generateToken(targets, PROFILE), true);
    assertThat(token.jmxCalls()).as("password grants from the JMX, answered by Keycloak")
        .hasSize(2).allMatch(c -> c.endsWith(" 200"));

    Trip read = roundTrip(UserJourneys.profileRead(targets, PROFILE), true);
    assertThat(read.jmxApi()).as("profile reads from the JMX with Keycloak's token").hasSize(2)
        .allMatch(r -> r.contains("x-authenticated-user-token=<jwt>"));
  }

  @Test
  void shouldFollowTheFourCallLoginFromTheSavedJmx() {
    Trip login = roundTrip(UserJourneys.loginWorkflow(targets, PROFILE), true);

    assertThat(login.jmxCalls()).as("2 users x 4 calls from the JMX, each with its status")
        .hasSize(8)
        .filteredOn(c -> c.startsWith(UserJourneys.LOGIN_CREDENTIALS))
        .as("credentials accepted: Keycloak's session cookies carried over http").hasSize(2)
        .allMatch(c -> c.endsWith(" 302"));
  }

  /** What the Java plan and its saved JMX sent; fails when they differ. */
  private record Trip(List<String> javaApi, List<String> javaCalls, List<String> jmxApi,
      List<String> jmxCalls) {
  }

  /**
   * Runs the Java plan, then its saved JMX, and compares what they sent.
   *
   * @param prime run the Java plan once before, unrecorded: a fresh Keycloak answers its first
   *     grants and login pages slowly enough to time out on a loaded machine
   */
  private Trip roundTrip(LoadPlan journey, boolean prime) {
    LoadPlan plan = journey.with(jsr223PostProcessor(RequestLog.Record.class));
    JmxRoundTrip trip = JmxRoundTrip.on(stubs.server(), work.resolve(plan.scenario()));
    if (prime) {
      trip.viaJava(plan);
    }
    RequestLog.clear();
    List<String> javaApi = trip.viaJava(plan);
    List<String> javaCalls = calls();
    List<String> jmxApi = trip.viaJmx(plan);
    List<String> jmxCalls = calls();

    assertThat(jmxApi).as("%s: Sunbird API requests from the saved JMX", plan.scenario())
        .containsExactlyElementsOf(javaApi);
    assertThat(jmxCalls).as("%s: every call JMeter made from the saved JMX", plan.scenario())
        .containsExactlyElementsOf(javaCalls);
    return new Trip(javaApi, javaCalls, jmxApi, jmxCalls);
  }

  /**
   * The calls recorded since the last run, sorted: label, method, URL with query values masked
   * (Keycloak's session codes), body, status; then the log is cleared for the next run.
   */
  private static List<String> calls() {
    List<String> calls = RequestLog.exchanges().stream()
        .map(e -> e.label() + " | " + e.method() + " " + e.url().replaceAll("=[^&]*", "=<v>")
            + " | " + e.body() + " | " + e.status())
        .map(JmxRoundTrip::normalized)
        .sorted().toList();
    RequestLog.clear();
    return calls;
  }
}
