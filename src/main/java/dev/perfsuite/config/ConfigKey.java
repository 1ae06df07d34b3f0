package dev.perfsuite.config;

import dev.perfsuite.profiles.Profiles;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Every {@code perf.*} key the suite understands, with its default and accepted form.
 *
 * <p>The environment-variable form of a key is upper case with dots and dashes turned into
 * underscores: {@code perf.ramp-up} is {@code PERF_RAMP_UP}. A system's own keys
 * ({@code perf.<system>.*}) are not here: its scenarios declare them through {@link ConfigKeys}.
 */
public enum ConfigKey implements KeyDescription {
  // Accepted form computed in accepted(): the names include the profiles systems declare.
  PROFILE("perf.profile", "smoke", null,
      "Load profile; the keys below override it one value at a time."),
  THREADS("perf.threads", null, "a positive whole number",
      "Concurrent users (peak users for multi-stage profiles, which are scaled)."),
  RAMP_UP("perf.ramp-up", null, "a duration such as 30s, 5m, 1h30m, 250ms or PT30S",
      "Time to reach each stage's users or rate."),
  HOLD("perf.hold", null, "a duration such as 30s, 5m, 1h30m or PT30S",
      "Time each stage holds its users or rate."),
  ITERATIONS("perf.iterations", null, "a positive whole number",
      "Iterations per user instead of a timed hold (closed model only)."),
  THINK_TIME("perf.think-time", null, "a duration such as 0s, 500ms or 1s",
      "Pause per request per user."),
  TARGET_RATE("perf.target-rate", null, "a positive number of requests per second",
      "Switches to the open model: requests per second offered at each stage's peak."),
  MAX_THREADS("perf.max-threads", null, "a positive whole number",
      "Open model: the thread cap (default: max(users, target rate))."),
  ARRIVALS("perf.arrivals", "constant", "one of constant, poisson",
      "Open model: how intended starts are spaced, evenly or as a Poisson process (seeded)."),
  SLA_LATENCY("perf.sla.latency", "response",
      "one of response, service (corrected = response, raw = service)",
      "What latency thresholds judge: response time (from the intended start, or corrected for "
          + "coordinated omission in the closed model) or JMeter's service time."),
  WARM_UP("perf.warm-up", null, "a duration shorter than the profile, such as 2s or 5m",
      "Window at the start excluded from statistics and verdicts."),
  WARM_UP_ORIGIN("perf.warm-up.origin", "test-start", "one of test-start, first-sample",
      "Where the warm-up window starts: the test start, or the first sample (as some reference "
          + "splitters count)."),
  BACKENDS("perf.backends", "auto", "one of auto, testcontainers, embedded",
      "Who starts local backends: Testcontainers, in-JVM/child processes, or auto-detect."),
  TARGET("perf.target", "local", "local, or NAME with src/test/resources/targets/NAME.properties",
      "Where load goes: local backends started by the suite, or a named environment."),
  ENGINE("perf.engine", "embedded", "one of embedded, distributed",
      "Which JMeter engine runs the plan: in this JVM, or on the remote engines of perf.remotes."),
  REMOTES("perf.remotes", null, "comma-separated host:port of JMeter remote engines, e.g. "
      + "127.0.0.1:1099,127.0.0.1:1100, or dns:NAME:PORT",
      "Remote engines for perf.engine=distributed (start them with "
          + "perf-suite-remote-engine.jar or the engine distribution); dns:NAME:PORT takes "
          + "every address NAME resolves to at each run's start."),
  REMOTES_EXPECTED("perf.remotes.expected", "0", "a number of engines, 0 for as many as answer",
      "How many engines must answer before load; the run waits for them up to perf.remotes.wait "
          + "and fails naming those that did not."),
  REMOTES_WAIT("perf.remotes.wait", "60s", "a positive duration such as 60s",
      "How long a run waits for perf.remotes.expected engines to resolve and answer."),
  REMOTES_SPLIT("perf.remotes.split", "even", "one of even, per-engine",
      "even: total users divided across engines (uneven splits rejected); per-engine: each engine "
          + "runs the full profile."),
  REMOTES_WATCHDOG("perf.remotes.watchdog", "15s", "a positive duration such as 15s",
      "How long a remote engine may stay silent before the run is stopped and fails naming it."),
  REMOTES_SAMPLES("perf.remotes.samples", "aggregate", "one of aggregate, all",
      "aggregate: engines aggregate exact statistics and send snapshots; all: every sample crosses "
          + "RMI (small diagnostic runs)."),
  REMOTES_SNAPSHOT_INTERVAL("perf.remotes.snapshot-interval", "1s",
      "a positive duration such as 1s", "How often each engine sends its aggregated snapshot "
          + "(also its heartbeat) in aggregate mode."),
  REMOTES_JTL("perf.remotes.jtl", "fetch", "one of fetch, keep",
      "fetch: engines' JTLs are merged into the run's results.jtl at the end; keep: they stay on "
          + "the engines."),
  REMOTES_LOCAL_PORT("perf.remotes.local-port", "0", "a port number, 0 for any free port",
      "Controller-side RMI port remote engines call back to (client.rmi.localport)."),
  // Data files shipped to remote engines.
  REMOTES_DATA("perf.remotes.data", "shared",
      "one of shared, partitioned, off, or partitioned:FILE,FILE (CSV file names)",
      "Data files (CSV data sets, uploads) sent to every engine before load: shared whole, CSV "
          + "rows partitioned among engines (all, or the named files), or off (engines hold "
          + "them)."),
  RMI_SSL("perf.rmi.ssl", "true", "true or false",
      "RMI over SSL between controller and engines; false must be set explicitly to turn it off."),
  RMI_TRUSTED_NETWORK("perf.rmi.trusted-network", "false", "true or false",
      "true when every host that can reach the controller's callback address is trusted: only "
          + "then may perf.rmi.ssl=false call back beyond loopback (engines: --trusted-network)."),
  RMI_KEYSTORE("perf.rmi.keystore", "rmi_keystore.jks", "a path to a JKS keystore",
      "Keystore for RMI over SSL; its password comes from PERF_RMI_KEYSTORE_PASSWORD."),
  RMI_KEY_ALIAS("perf.rmi.key-alias", "rmi", "a key alias in perf.rmi.keystore",
      "Alias of the RMI key pair in the keystore."),
  METRICS_EXPORT("perf.metrics.export", "none", "one of none, prometheus, otlp",
      "Live Micrometer metrics: none, a Prometheus scrape endpoint, or OTLP push."),
  METRICS_HOST("perf.metrics.host", "127.0.0.1", "an address to bind, e.g. 127.0.0.1",
      "Address of the Prometheus scrape endpoint (loopback unless you open it on purpose)."),
  METRICS_PORT("perf.metrics.port", "9464", "a port number, 0 for any free port",
      "Port of the Prometheus scrape endpoint (/metrics)."),
  METRICS_OTLP_URL("perf.metrics.otlp.url", "http://localhost:4318/v1/metrics",
      "an http(s) URL of an OTLP collector",
      "Where perf.metrics.export=otlp pushes metrics."),
  METRICS_STEP("perf.metrics.step", "10s", "a positive duration such as 10s",
      "Push interval of perf.metrics.export=otlp."),
  PROGRESS_INTERVAL("perf.progress.interval", "10s", "a duration such as 10s, 0s turns it off",
      "How often a progress line (elapsed, ETA, threads, throughput, errors, p95) is printed."),
  PRIME("perf.prime", "5s", "a duration such as 5s, 0s turns it off",
      "Before the first measured run of a JVM (and of a service not primed yet), run its journey "
          + "this long (at most 4 users) to prime the JIT and the backends; never measured."),
  ABORT_ERROR_RATE("perf.abort.error-rate", "90", "a percentage in (0, 100) such as 90, or off",
      "Stop a run early when its error rate stays above this for perf.abort.window (k6 "
          + "abortOnFail); results so far are kept and the run is reported as stopped."),
  ABORT_WINDOW("perf.abort.window", "30s", "a duration of at least 1s such as 30s",
      "How long the error rate must stay above perf.abort.error-rate before the run stops."),
  ABORT_LATENCY("perf.abort.latency", "off", "comma-separated rules "
      + "[response.|service.]p<percentile>><duration> such as p95>800ms or service.p99>1s, or off",
      "Stop a run early when a percentile over perf.abort.latency-window exceeds its limit "
          + "(measurement phase; no prefix judges response time); results so far are kept."),
  ABORT_LATENCY_WINDOW("perf.abort.latency-window", "10s", "a duration of at least 1s such as 10s",
      "The sliding window perf.abort.latency judges; a sustained breach stops the run about one "
          + "window (plus a second) after it began."),
  JUNIT_REPORTS_DIR("perf.junit.reports-dir", "off", "a directory path, or off",
      "Where each run also writes TEST-perf-<scenario>.xml, one JUnit test case per SLA "
          + "threshold and regression metric; the build points it at target/failsafe-reports."),
  HISTORY_DIR("perf.history.dir", ".perf-history", "a directory path (~ is your home)",
      "Where run history is appended; outside target/ so that mvn clean keeps it."),
  REGRESSION("perf.regression", "warn", "one of off, warn, fail",
      "What a regression against the baseline does: nothing, a warning, or a failed test."),
  REGRESSION_TOLERANCE("perf.regression.tolerance", "10", "a positive percentage such as 10",
      "How far p95, p99, error % or throughput may move before it counts as a regression."),
  BASELINE("perf.baseline", null, "a path to a pinned baseline history file",
      "Compare with this baseline instead of the previous run on the same target and profile."),
  BASELINE_SELECTION("perf.baseline.selection", "same", "one of same, any",
      "same: compare a run only with runs of the same selection (one class alone, or the "
          + "catalogue); any: with any run on the same target and profile."),
  TREND_RUNS("perf.trend.runs", "20", "a positive whole number",
      "How many past runs the trend charts show."),
  RESULTS_DIR("perf.results-dir", "target/perf-results", "a directory path",
      "Where JTLs and summaries are written."),
  JTL("perf.jtl", "all", "one of all, errors, none",
      "Which samples results.jtl keeps; statistics always count every sample (see "
          + "docs/results.md)."),
  JTL_COMPRESS("perf.jtl.compress", "false", "true or false",
      "Writes results.jtl.gz (gzip) instead of results.jtl; every tool of the suite reads both."),
  SECRETS_VARIABLES("perf.secrets.variables", null,
      "comma-separated JMeter variable names, e.g. token,sessionId",
      "Variables the plan extracts at run time that hold secrets: their values are masked in "
          + "every output, as secrets read from the environment are (see docs/security.md)."),
  LABELS_MAX("perf.labels.max", "1000", "a positive whole number",
      "Labels with statistics of their own; samples of further labels count in one row, "
          + "'other labels' (see docs/faults.md)."),
  CONNECT_TIMEOUT("perf.connect-timeout", "5s", "a positive duration such as 5s",
      "HTTP connect timeout per request."),
  RESPONSE_TIMEOUT("perf.response-timeout", "20s", "a positive duration such as 20s",
      "HTTP response timeout per request (the gateway seed's JMeter waits 20 s)."),
  ECHO_DELAY("perf.echo.delay", "0ms", "a duration such as 0ms or 20ms",
      "Delay the local echo backend adds before answering."),
  ECHO_STALL("perf.echo.stall", null, "PERIOD:LENGTH such as 10s:1s (ms, s or m)",
      "Makes the local echo backend freeze LENGTH every PERIOD (wall-clock aligned): requests "
          + "arriving inside a freeze are held until it ends. A known truth for latency tests."),
  ECHO_IMAGE("perf.echo.image", Versions.ECHO_IMAGE, "a Docker image name",
      "Image for the echo backend under Testcontainers; the default is a local build where "
          + "present, else an image built from the suite's classes on " + Versions.JRE_IMAGE
          + "."),
  ECHO_PORT("perf.echo.port", "0", "a port number, 0 for any free port",
      "Port of the embedded echo backend; a fixed port fails fast when taken."),
  POSTGRES_IMAGE("perf.postgres.image", Versions.POSTGRES_IMAGE, "a Docker image name",
      "PostgreSQL image under Testcontainers (official; CI uses a local stand-in)."),
  KEYCLOAK_IMAGE("perf.keycloak.image", Versions.KEYCLOAK_IMAGE, "a Docker image name",
      "Keycloak image under Testcontainers (official; CI builds one from the dist zip)."),
  STUBS_IMAGE("perf.stubs.image", Versions.WIREMOCK_IMAGE, "a Docker image name",
      "WireMock image for the API stubs under Testcontainers."),
  KEYCLOAK_USERS("perf.keycloak.users", "100", "a positive whole number",
      "Test users created in the realm; their usernames land in a CSV the scenarios read."),
  KEYCLOAK_HASH_ITERATIONS("perf.keycloak.hash-iterations", "20000", "a positive whole number",
      "Realm password policy hashIterations (seed 001 compares 20000 with 1)."),
  STARTUP_TIMEOUT("perf.backends.startup-timeout", "180s", "a positive duration such as 180s",
      "How long a backend may take to become healthy before the run fails."),
  CACHE_DIR("perf.cache-dir", "~/.cache/perf-suite", "a directory path (~ is your home)",
      "Where the Keycloak distribution is unpacked once for the embedded provider."),
  TOXIPROXY_IMAGE("perf.toxiproxy.image", Versions.TOXIPROXY_IMAGE, "a Docker image name",
      "Toxiproxy image for latency links under Testcontainers; the default is the local build "
          + "(docker/toxiproxy/build.sh) where present, else " + Versions.TOXIPROXY_PUBLIC_IMAGE
          + "."),
  JMX("perf.jmx", null, "comma-separated .jmx paths, or file names under src/test/resources/jmx",
      "JMeter plans JmxPlansIT runs, each as a test named after its file (unset: every plan "
          + "under src/test/resources/jmx)."),
  JMX_LOAD("perf.jmx.load", "plan", "one of plan, profile",
      "plan: a JMX keeps its own thread groups; profile: they are replaced by the suite's profile "
          + "(perf.profile, perf.threads, ...), keeping their samplers."),
  JMX_PROPS_FILE("perf.jmx.props-file", null,
      "a .properties path, or several comma-separated (later files win; ~ is your home)",
      "Values for ${__P(name)} in JMX plans; perf.jmx.props.NAME keys win over it."),
  JMX_KEEP_LISTENERS("perf.jmx.keep-listeners", "none",
      "none, or comma-separated backend, data-writer",
      "Which JMX Backend Listeners and Simple Data Writers stay enabled (GUI listeners never do)."),
  JMX_SLA("perf.jmx.sla", null, "a path to an SLA properties file",
      "SLA for every JMX plan instead of each plan's sidecar <plan>.sla.properties."),
  JMX_SLA_ERRORS("perf.jmx.sla.errors", "1", "a percentage such as 1 or 0.5",
      "Without an SLA file: the overall error % a JMX plan must stay below."),
  USERS_THREADS("perf.users.threads", "auto", "one of auto, loop, virtual, platform",
      "What each JMeter user runs on: auto = virtual threads on Java 24+, platform threads "
          + "otherwise; loop = virtual threads carried by the HTTP client's event loops (no "
          + "thread hand-off per request; Java 24+ with --add-opens=java.base/java.lang="
          + "ALL-UNNAMED); virtual needs Java 21+ (pinning before 24)."),
  USERS_CONNECTIONS("perf.users.connections", "per-user",
      "one of per-user, per-request, shared (keep-alive: per-user, its former name)",
      "per-user: each user keeps its connection (a socket per user for the whole run); "
          + "per-request: a new connection per request, closed after it, as users who think "
          + "longer than the server's keep-alive timeout reconnect (a socket per request in "
          + "flight; the suite's own plans, JMX samplers keep their Use KeepAlive); shared: one "
          + "pool of perf.users.connections.max keep-alive connections across all users of a "
          + "generator, a request waiting for a free one inside its response time (the suite's "
          + "HTTP client only: perf.http.client=suite)."),
  USERS_CONNECTIONS_MAX("perf.users.connections.max", null, "a positive whole number",
      "perf.users.connections=shared: the pool's size per generator (default 128 per core); "
          + "a request waits for a free connection at most the connect plus the response "
          + "timeout, inside its response time."),
  HTTP_CLIENT("perf.http.client", "suite", "one of suite, jmeter",
      "Which client JMeter's HTTP samplers send with (Java scenarios and JMX plans alike): jmeter "
          + "= JMeter's HttpClient 4; suite = the suite's own (one shared event loop, each user "
          + "keeping its connections; remote engines too). Samplers using what it "
          + "lacks (proxy, embedded resources, a source address, ...) keep JMeter's client, named "
          + "before load and in run.properties."),
  HTTP_VERSION("perf.http.version", "1.1", "one of 1.1, 2, auto",
      "The HTTP version of the suite's client (perf.http.client=suite): 1.1 as JMeter; 2 = "
          + "HTTP/2: h2c with prior knowledge on http://, h2 by ALPN on https:// (a sample fails "
          + "if the server does not offer h2); auto = h2 by ALPN on https:// when the server "
          + "picks it, else HTTP/1.1; HTTP/1.1 on http://. On HTTP/2 each user keeps one "
          + "connection per origin, a stream per request."),
  JMX_CLASSPATH("perf.jmx.classpath", null,
      "comma-separated jars or directories (a directory adds its jars; ~ is your home)",
      "A team's own jars for JSR223/BeanShell scripts and Java samplers of JMX plans, as "
          + "JMeter's user.classpath; checked before load."),
  JMX_STRICT("perf.jmx.strict", "false", "true or false",
      "false: a JMX runs as JMeter runs it (an undefined variable in a thread group field is "
          + "JMeter's 0, an unset ${__P(name)} is \"1\", a ~ path found at home), each such "
          + "case warned once before load; true: each of them refuses the plan before load."),
  JMX_PLUGINS("perf.jmx.plugins", "auto", "one of auto, off",
      "auto: the jmeter-plugins a JMX's elements and functions need are fetched through Maven "
          + "into the local repository and loaded for its run, named with versions before load; "
          + "off: such a plan is refused, naming the artifact to add."),
  // Diagnostics through SLF4J; applied by PerfLog.
  LOG("perf.log", "info", "one of error, warn, info, debug, trace",
      "Level of the suite's diagnostics and warnings (the dev.perfsuite loggers, Log4j 2; "
          + "every warning goes through them): error hides warnings, debug and trace add "
          + "detail. Set, it wins over a log4j2 configuration; unset, info unless that "
          + "configuration names dev.perfsuite.");

  /**
   * Key family giving {@code ${__P(NAME)}} values to JMX plans: {@code perf.jmx.props.NAME}, from
   * system properties or perf.properties (not the environment, which loses the name's case).
   */
  public static final String JMX_PROPS_PREFIX = "perf.jmx.props.";

  private final String key;
  private final String defaultValue;
  private final String accepted;
  private final String description;

  ConfigKey(String key, String defaultValue, String accepted, String description) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.accepted = accepted;
    this.description = description;
  }

  /** The dotted key, e.g. {@code perf.profile}. */
  @Override
  public String key() {
    return key;
  }

  /** The default, or empty when the profile decides. */
  @Override
  public Optional<String> defaultValue() {
    return Optional.ofNullable(defaultValue);
  }

  /** What a valid value looks like, for error messages. */
  @Override
  public String accepted() {
    return this == PROFILE ? "one of " + String.join(", ", Profiles.names()) : accepted;
  }

  /** One line on what the key does. */
  @Override
  public String description() {
    return description;
  }

  /** The environment-variable name of a key: {@code perf.ramp-up} becomes {@code PERF_RAMP_UP}. */
  public static String envName(String key) {
    return key.replace('.', '_').replace('-', '_').toUpperCase(Locale.ROOT);
  }

  static Optional<ConfigKey> byKey(String key) {
    return Arrays.stream(values()).filter(k -> k.key.equals(key)).findFirst();
  }

  static Optional<ConfigKey> byEnvName(String env) {
    return Arrays.stream(values()).filter(k -> envName(k.key).equals(env)).findFirst();
  }

  /**
   * A help text listing every key, its default and accepted form, as printed on bad input. The
   * suite's keys come first, then those the systems on the class path declare.
   */
  public static String help() {
    return help(DeclaredKeys.discovered());
  }

  static String help(DeclaredKeys declared) {
    StringBuilder help = new StringBuilder("perf-suite configuration keys "
        + "(system property, then environment variable, then perf.properties, then default):\n");
    for (ConfigKey k : values()) {
      line(help, k);
    }
    if (!declared.all().isEmpty()) {
      help.append("Keys declared by the scenarios on the class path:\n");
      declared.all().forEach(k -> line(help, k));
    }
    return help.toString();
  }

  private static void line(StringBuilder help, KeyDescription k) {
    help.append(String.format("  %-22s %-22s %s%n      accepted: %s; default: %s%n",
        k.key(), envName(k.key()), k.description(), k.accepted(),
        k.defaultValue().orElse("from the profile")));
  }
}
