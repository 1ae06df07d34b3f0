package dev.perfsuite;

import dev.perfsuite.backends.Backends;
import dev.perfsuite.backends.keycloak.KeycloakEndpoint;
import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.history.HistoryOutcome;
import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.metrics.LiveMetrics;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.reporting.ReportTable;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Sla;
import dev.perfsuite.sla.SlaVerdict;
import dev.perfsuite.sla.VerdictListener;
import dev.perfsuite.users.Stage;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.apache.http.entity.ContentType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * The suite's front door: what a scenario needs beside {@code JmeterDsl}, from one class.
 *
 * <pre>{@code
 * @Scenario
 * class CheckoutIT {
 *   @LoadTest
 *   void shouldCheckOutWithinSlaAtConfiguredLoad(Session perf) {
 *     var result = perf.run(plan("checkout", perf.profile(), httpSampler(...)));
 *     perf.judge(overall().p99Below(Duration.ofSeconds(1)), result).assertPassed();
 *   }
 * }
 * }</pre>
 *
 * <p>Its static factories only delegate (to {@link LoadPlan}, {@link Sla}, {@link Profiles}); its
 * member types are the annotations and the session a scenario names, so the single imports of
 * {@code dev.perfsuite.Perf.*} members and of {@code JmeterDsl}'s are a scenario's only suite and
 * DSL imports. The types the factories return are reached through them ({@code var} holds them).
 */
public final class Perf {
  /** JSON's content type, for {@code httpSampler(...).post(body, JSON)}. */
  public static final ContentType JSON = ContentType.APPLICATION_JSON;

  private Perf() {
  }

  ////////// Scenario classes

  /**
   * Marks a scenario class: tagged {@code perf} (run by {@code mvn verify -Pperf}), given its
   * {@link Session}; the catalogue's {@link PerfScenario}, under the front door's name.
   */
  @Target(ElementType.TYPE)
  @Retention(RetentionPolicy.RUNTIME)
  @Documented
  @PerfScenario
  @ExtendWith(SessionParameter.class)
  public @interface Scenario {
  }

  /** Marks a scenario method: JUnit's {@code @Test}, under the front door's name. */
  @Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
  @Retention(RetentionPolicy.RUNTIME)
  @Documented
  @Test
  public @interface LoadTest {
  }

  /**
   * The run's session as a scenario holds it: the configuration, the services, running a plan and
   * judging its result; every method is {@link PerfSession}'s, plus {@link #profile()}.
   */
  public static final class Session {
    private final PerfSession session;

    Session(PerfSession session) {
      this.session = session;
    }

    /** The configured load profile ({@code perf.profile} and its overrides). */
    public LoadProfile profile() {
      return session.config().profile();
    }

    /** As {@link PerfSession#config()}. */
    public PerfConfig config() {
      return session.config();
    }

    /** As {@link PerfSession#service(String)}: a local backend's URL, or the target's. */
    public URI service(String name) {
      return session.service(name);
    }

    /** As {@link PerfSession#backends()}. */
    public Backends backends() {
      return session.backends();
    }

    /** As {@link PerfSession#keycloak()}. */
    public KeycloakEndpoint keycloak() {
      return session.keycloak();
    }

    /** As {@link PerfSession#metrics()}. */
    public LiveMetrics metrics() {
      return session.metrics();
    }

    /** As {@link PerfSession#parameter(String, Object)}. */
    public void parameter(String name, Object value) {
      session.parameter(name, value);
    }

    /** As {@link PerfSession#report(ReportTable, String, String)}. */
    public Path report(ReportTable table, String base, String title) {
      return session.report(table, base, title);
    }

    /** As {@link PerfSession#run(LoadPlan)}: runs the plan and reports it. */
    public RunResult run(LoadPlan plan) {
      return session.run(plan);
    }

    /** As {@link PerfSession#run(LoadPlan, Optional)}. */
    public RunResult run(LoadPlan plan, Optional<LoadPlan> primer) {
      return session.run(plan, primer);
    }

    /** As {@link PerfSession#judge(Sla, RunResult)}: judges and reports. */
    public SlaVerdict judge(Sla sla, RunResult result) {
      return session.judge(sla, result);
    }

    /** As {@link PerfSession#onVerdict(VerdictListener)}. */
    public void onVerdict(VerdictListener listener) {
      session.onVerdict(listener);
    }

    /** As {@link PerfSession#lastHistory()}. */
    public HistoryOutcome lastHistory() {
      return session.lastHistory();
    }

    /** The catalogue's session, for the APIs that take one (a JMX plan's load, say). */
    public PerfSession session() {
      return session;
    }
  }

  ////////// Plans

  /**
   * A plan running {@code journey} under {@code profile}.
   *
   * @param scenario names the results directory and the reports, e.g. {@code first-scenario}
   * @param profile the load shape, e.g. {@code perf.profile()}
   * @param journey what each user does per iteration: samplers, controllers, extractors
   * @return the plan, as {@link LoadPlan#of}
   */
  public static LoadPlan plan(String scenario, LoadProfile profile,
      ThreadGroupChild... journey) {
    return LoadPlan.of(scenario, profile, journey);
  }

  ////////// Profiles

  /**
   * A named profile: built in ({@code smoke}, {@code load}, ...) or declared by a system.
   *
   * @return the profile, as {@link Profiles#named}
   */
  public static LoadProfile profile(String name) {
    return Profiles.named(name);
  }

  /**
   * A closed-model profile of {@code stages} (levels are users).
   *
   * @return the profile, as {@link Profiles#closed}
   */
  public static LoadProfile closed(String name, Duration warmUp, Stage... stages) {
    return Profiles.closed(name, warmUp, stages);
  }

  /**
   * An open-model profile of {@code stages} (levels are arrivals per second), at most
   * {@code maxThreads} users.
   *
   * @return the profile, as {@link Profiles#open}
   */
  public static LoadProfile open(String name, Duration warmUp, int maxThreads,
      Stage... stages) {
    return Profiles.open(name, warmUp, maxThreads, stages);
  }

  /**
   * One stage of a profile: ramp to {@code level} over {@code rampUp}, hold it for {@code hold}.
   *
   * @return the stage, as {@link Profiles#stage}
   */
  public static Stage stage(double level, Duration rampUp, Duration hold) {
    return Profiles.stage(level, rampUp, hold);
  }

  ////////// SLAs

  /**
   * An SLA whose next thresholds apply to all labels together.
   *
   * @return an empty SLA, as {@link Sla#overall()}
   */
  public static Sla overall() {
    return Sla.overall();
  }

  /**
   * An SLA whose next thresholds apply to the samples labelled {@code label}.
   *
   * @return an empty SLA, as {@link Sla#label(String)}
   */
  public static Sla label(String label) {
    return Sla.label(label);
  }
}
