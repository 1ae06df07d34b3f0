package dev.perfsuite.junit;

import dev.perfsuite.backends.Backends;
import dev.perfsuite.backends.Services;
import dev.perfsuite.backends.keycloak.KeycloakEndpoint;
import dev.perfsuite.backends.keycloak.RealmClient;
import dev.perfsuite.backends.keycloak.RealmDescription;
import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.config.Secrets;
import dev.perfsuite.config.Target;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.engines.ErrorRateAbort;
import dev.perfsuite.engines.LatencyAbort;
import dev.perfsuite.engines.LoadEngine;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.engines.Priming;
import dev.perfsuite.engines.RunWatcher;
import dev.perfsuite.history.HistoryOutcome;
import dev.perfsuite.history.RunHistory;
import dev.perfsuite.history.RunIdentity;
import dev.perfsuite.metrics.LiveMetrics;
import dev.perfsuite.reporting.AllureReport;
import dev.perfsuite.reporting.AllureRunReport;
import dev.perfsuite.reporting.ProgressReporter;
import dev.perfsuite.reporting.ReportTable;
import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Sla;
import dev.perfsuite.sla.SlaVerdict;
import dev.perfsuite.sla.VerdictListener;
import dev.perfsuite.verdict.RunVerdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * What a scenario test gets from the suite: the validated configuration, the local backends and the
 * engine. One per test run, shared by every test class.
 */
public final class PerfSession implements AutoCloseable {
  private final PerfConfig config;
  private final Backends backends;
  private final LiveMetrics metrics;
  private final LoadEngine engine;
  private final RunHistory history;
  private final ServiceProbe probe;
  private final Set<URI> probed = ConcurrentHashMap.newKeySet();
  private final Set<URI> primed = ConcurrentHashMap.newKeySet();
  /** Where the session's verdicts go: its Allure report first, then what tests added. */
  private final List<VerdictListener> verdictListeners =
      new CopyOnWriteArrayList<>(List.of(AllureRunReport::verdict));
  private final Optional<LatencyAbort> latencyAbort;
  /** The reports made after each run's results are written; each may fail on its own. */
  private final List<OptionalReport> reports;
  /** The verdicts of the session's runs and the history rows their tests' ends append. */
  private final SessionRuns runs;
  private boolean primedOnce;
  private volatile ScenarioTest current;
  private volatile HistoryOutcome lastHistory;
  private boolean closed;

  /** A session recording its runs in the history as part of the catalogue run. */
  PerfSession(PerfConfig config) {
    this(config, () -> RunIdentity.CATALOGUE);
  }

  /**
   * A session whose runs the history records under {@code selection} ({@link ScenarioSelection}
   * of the launcher session that started it), read when each run ends.
   */
  PerfSession(PerfConfig config, Supplier<String> selection) {
    this(config, selection, List.of());
  }

  /**
   * As {@link #PerfSession(PerfConfig, Supplier)}, making {@code extraReports} after each run's
   * Allure report.
   */
  PerfSession(PerfConfig config, Supplier<String> selection, List<OptionalReport> extraReports) {
    this.config = config;
    List<OptionalReport> all = new ArrayList<>();
    all.add(OptionalReport.allure(config, this::provider));
    all.addAll(extraReports);
    this.reports = List.copyOf(all);
    this.backends = Backends.forConfig(config);
    this.metrics = LiveMetrics.start(config.metrics());
    List<RunWatcher> watchers = new ArrayList<>(List.of(ResultFiles.watcher(),
        ProgressReporter.every(config.progressInterval()), metrics));
    config.abort().errorRatePercent().ifPresent(rate -> watchers.add(
        ErrorRateAbort.above(rate, config.abort().window())));
    this.latencyAbort = config.abort().latencyRules().isEmpty() ? Optional.empty()
        : Optional.of(LatencyAbort.when(config.abort().latencyRules(),
            config.abort().latencyWindow()));
    latencyAbort.ifPresent(watchers::add);
    this.engine = Engines.fromConfig(config, watchers);
    this.probe = new ServiceProbe(config.connectTimeout(), config.responseTimeout());
    this.history = RunHistory.fromConfig(config, selection);
    this.runs = new SessionRuns(history, config.junitReports());
    AllureRunReport.environment(config, null);
  }

  /** Live metrics of the session's runs (Micrometer registry, Prometheus endpoint if on). */
  public LiveMetrics metrics() {
    return metrics;
  }

  /** Names the test about to run, for its report labels. */
  void testStarting(ScenarioTest test) {
    current = test;
    runs.testStarting();
  }

  /**
   * Completes the verdicts of the runs the test made and appends their history rows with the
   * outcome. They fail with its cause when it threw; a run no SLA judged fails the test with
   * {@link NotJudgedException} (Allure: broken).
   */
  void testFinished(Optional<Throwable> failure) {
    List<String> unjudged = runs.testFinished(failure);
    if (!unjudged.isEmpty()) {
      throw new NotJudgedException(unjudged);
    }
  }

  /**
   * Adds a parameter to the current test's report, such as the payload of a matrix cell. The users,
   * profile, target, engine and backend provider are added by {@link #run} already.
   */
  public void parameter(String name, Object value) {
    AllureReport.parameter(name, value);
  }

  /**
   * Adds a scenario's own table (a seed's columns, see {@link ReportTable}) to the report. It
   * writes {@code <base>.csv} and {@code <base>.md} under {@code perf.results-dir} and attaches the
   * table's charts, titled {@code title}, to the current Allure result.
   *
   * @return the CSV written
   */
  public Path report(ReportTable table, String base, String title) {
    Path csv = table.write(config.resultsDir(), base);
    table.charts(title).forEach(c -> AllureReport.png(c.name(), c.bytes()));
    return csv;
  }

  /** The configuration, validated before any load. */
  public PerfConfig config() {
    return config;
  }

  /** Local backends, started on first use. */
  public Backends backends() {
    return backends;
  }

  /**
   * Base URL of a service the scenarios talk to. With {@code perf.target=local} it is the local
   * backend the {@link Services} registry names for it (the generic {@code echo}, {@code stubs},
   * {@code keycloak}, or a name a system declared through {@link
   * dev.perfsuite.backends.LocalServices}), started by this run; otherwise {@code <service>.url} of
   * {@code targets/<target>.properties}.
   *
   * <p>Probed before it is returned (once per URL and session): a TCP connect, then one HTTP
   * request, so a dead target fails before any load, naming the key, the URL and the cause.
   *
   * @throws IllegalStateException naming the service, the target file and the key to add, or
   *     the key, URL and cause when the service does not answer
   */
  public URI service(String name) {
    URI url = resolve(name);
    if (probed.add(url)) {
      try {
        probe.probe(config.target().isLocal() ? "local backend '" + name + "'" : name + ".url",
            config.target().isLocal() ? "started by this run (perf.target=local)"
                : "perf.target=" + config.target().name() + ", src/test/resources/targets/"
                    + config.target().name() + ".properties", url);
      } catch (RuntimeException e) {
        probed.remove(url);
        throw e;
      }
    }
    return url;
  }

  private URI resolve(String name) {
    Target target = config.target();
    if (target.isLocal()) {
      return withSlash(backends.base(Services.discovered().require(name)));
    }
    return target.service(name).map(PerfSession::withSlash)
        .orElseThrow(() -> new IllegalStateException("target '" + target.name() + "' has no "
            + name + ".url. Fix: add " + name + ".url=http(s)://... to src/test/resources/targets/"
            + target.name() + ".properties"));
  }

  /**
   * Keycloak as the scenarios see it: the realm this run creates when local, else the named
   * target's. For a named target, it is {@code keycloak.url} plus the target file's
   * {@code keycloak.realm} and client ids ({@code keycloak.browser-client},
   * {@code keycloak.direct-client}, {@code keycloak.confidential-client}), each defaulting to the
   * realm the scenarios declared ({@link RealmDescription#discovered()}), and
   * {@code keycloak.users-csv}, with the secrets from {@code PERF_KEYCLOAK_CLIENT_SECRET} and
   * {@code PERF_KEYCLOAK_USER_PASSWORD} (or their {@code _FILE} forms).
   */
  public KeycloakEndpoint keycloak() {
    Target target = config.target();
    if (target.isLocal()) {
      return backends.keycloak();
    }
    Secrets secrets = Secrets.fromEnvironment();
    Path users = Path.of(target.property("keycloak.users-csv", "keycloak-users.csv"));
    int count;
    try (var lines = Files.lines(users)) {
      count = (int) Math.max(0, lines.count() - 1);
    } catch (IOException e) {
      throw new UncheckedIOException("target '" + target.name() + "': cannot read "
          + "keycloak.users-csv " + users.toAbsolutePath(), e);
    }
    // KeycloakEndpoint appends "/realms/..." to a base without a trailing slash.
    String base = service("keycloak").toString().replaceAll("/+$", "");
    RealmDescription realm = RealmDescription.discovered();
    return new KeycloakEndpoint(URI.create(base), target.property("keycloak.realm", realm.name()),
        property(target, "keycloak.browser-client", realm, RealmClient.Role.BROWSER_LOGIN),
        property(target, "keycloak.direct-client", realm, RealmClient.Role.PASSWORD_GRANT),
        property(target, "keycloak.confidential-client", realm,
            RealmClient.Role.CLIENT_CREDENTIALS),
        secrets.required("PERF_KEYCLOAK_CLIENT_SECRET"),
        secrets.required("PERF_KEYCLOAK_USER_PASSWORD"), users, count);
  }

  private static String property(Target target, String key, RealmDescription realm,
      RealmClient.Role role) {
    return target.property(key, realm.clientId(role).orElse(null));
  }

  private static URI withSlash(URI uri) {
    String text = uri.toString();
    return text.endsWith("/") ? uri : URI.create(text + "/");
  }

  /**
   * Runs a plan on the configured engine, compares it with the run history, writes its
   * verdict.json, reports it and applies {@code perf.regression}. The verdict.json comes first: a
   * report that fails after it (a full disk, out of memory) is a named warning in verdict.json,
   * not a lost run. The history row is appended when the test ends (or the session closes), with
   * the run's outcome as verdict.json says it, so only a passed run becomes a baseline. The
   * report holds labels, parameters, summary, charts, JTL and JMeter dashboard on the current
   * test's Allure result; the regression table and trend chart are attached before a regression
   * can fail the test.
   */
  public RunResult run(LoadPlan plan) {
    // A plan with its own thread groups cannot be shortened: priming it would rerun it whole.
    return run(plan, plan.ownThreadGroups() ? Optional.empty() : Optional.of(plan));
  }

  /**
   * As {@link #run(LoadPlan)}, primed (when cold) with {@code primer} instead of the plan itself.
   * The primer is a separate plan of fresh elements, so that the measured run starts as written;
   * empty primes nothing.
   */
  public RunResult run(LoadPlan plan, Optional<LoadPlan> primer) {
    ScenarioTest test = current;
    if (test != null) {
      AllureReport.label(test.system(), test.journey(), config.profile().name());
    }
    // Before priming: a folder that cannot take the results must not cost the load.
    RunPreflight.enforce(config, plan.profile());
    RunResult result;
    // One run per run directory: a second one would delete the first's live files.
    try (ResultDirectory.Lock lock = ResultDirectory.lock(config.resultsDir(), plan.scenario())) {
      primer.ifPresent(this::primeIfCold);
      result = engine.run(plan).judging(config.slaLatency());
      // An earlier run on this directory in the same test is its baseline candidate: keep it now.
      runs.ending(result.directory());
      // Results first: verdict.json must outlive a report that fails after.
      lastHistory = history.compare(result);
      RunVerdict verdict = RunVerdict.of(result, plan.profile(),
          Optional.of(lastHistory.verdict()), config.history().regression(),
          latencyAbort.flatMap(LatencyAbort::lastBreach));
      // Written before a report or a regression can fail the test, and again by every judge().
      runs.ran(verdict, lastHistory.run());
      RunVerdict reported = OptionalReport.makeAll(reports, verdict, lastHistory);
      if (reported != verdict) {
        runs.record(reported);
      }
    }
    lastHistory.verdict().enforce(config.history().regression());
    return result;
  }

  /**
   * Primes before the session's first run and before the first run using a service no earlier
   * priming reached. The first is a fresh JVM, the second a backend started for this class; priming
   * lasts {@code perf.prime} and is never measured.
   */
  private synchronized void primeIfCold(LoadPlan plan) {
    if (config.prime().isZero() || primedOnce && primed.containsAll(probed)) {
      return;
    }
    Priming.prime(plan, config.prime(), config.connectTimeout(), config.responseTimeout(),
        config.run());
    primedOnce = true;
    primed.addAll(probed);
  }

  /**
   * Judges {@code result} against {@code sla} and reports the verdict. The session's Allure result
   * gets the verdict table (before a failing {@code assertPassed()} can stop the test), then every
   * listener added with {@link #onVerdict}. No other session hears it.
   *
   * <pre>{@code
   * perf.judge(sla, perf.run(plan)).assertPassed();
   * }</pre>
   *
   * @return the verdict {@link Sla#evaluate} gives
   * @throws IllegalStateException when {@code sla} has no threshold
   */
  public SlaVerdict judge(Sla sla, RunResult result) {
    SlaVerdict verdict = sla.evaluate(result);
    runs.judged(result.directory(), verdict);
    verdictListeners.forEach(listener -> listener.judged(result, verdict));
    return verdict;
  }

  /**
   * Sends every verdict the session judges from now on to {@code listener} as well, after the
   * Allure report. It serves a report of one's own, such as a matrix's summary table.
   */
  public void onVerdict(VerdictListener listener) {
    verdictListeners.add(Objects.requireNonNull(listener, "listener"));
  }

  /**
   * The history outcome (verdict, trend chart) of the last {@link #run}, for report attachments.
   */
  public HistoryOutcome lastHistory() {
    return lastHistory;
  }

  private String provider() {
    // Named targets start no backends: asking for the provider would probe Docker needlessly.
    return config.target().isLocal() ? backends.provider().provider().name().toLowerCase(
        Locale.ROOT) : "none (named target)";
  }

  /**
   * Appends the history rows no test end kept, then stops the backends; called by JUnit when the
   * run ends.
   */
  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      try {
        runs.keepAll();
        AllureRunReport.environment(config, provider());
      } finally {
        metrics.close();
        backends.close();
      }
    }
  }
}
