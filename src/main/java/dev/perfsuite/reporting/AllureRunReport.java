package dev.perfsuite.reporting;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.results.JtlRows;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.SlaVerdict;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.apache.jmeter.util.JMeterUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts a finished run, its SLA verdicts and the session's environment into the Allure results,
 * for the session ({@code junit.PerfSession}) that runs the scenarios.
 */
public final class AllureRunReport {
  private static final Logger LOG = LoggerFactory.getLogger(AllureRunReport.class);

  private AllureRunReport() {
  }

  /**
   * Adds the run's parameters, summary, charts, JTL and JMeter dashboard to the current test.
   *
   * @param provider the backend provider's name, a parameter of the result
   * @return a warning naming the JMeter dashboard and why it could not be made, empty when it was
   *     made or had nothing to show
   */
  public static List<String> scenario(RunResult result, PerfConfig config, String provider) {
    if (!AllureReport.active()) {
      return List.of();
    }
    List<String> warnings = new ArrayList<>();
    AllureReport.parameter("users", result.users());
    AllureReport.parameter("profile", config.profile().name());
    AllureReport.parameter("target", config.target().name());
    AllureReport.parameter("engine", config.engine().name().toLowerCase(Locale.ROOT));
    AllureReport.parameter("backend provider", provider);
    Path dashboard = null;
    Path jtl = ResultDirectory.jtl(result.directory());
    try {
      if (jtl.getFileName().toString().endsWith(".gz")) {
        // JMeter's report generator reads plain CSV only.
        jtl = JtlRows.inflate(jtl, Files.createTempFile("perf-dashboard", ".jtl"));
        jtl.toFile().deleteOnExit();
      }
      if (JmeterDashboard.hasSamples(jtl)) {
        dashboard = JmeterDashboard.generate(jtl, result.directory().resolve("dashboard"));
      } else {
        LOG.info("no JMeter dashboard for {}: its JTL holds no sample ({})", result.scenario(),
            jtl);
      }
    } catch (RuntimeException | IOException e) {
      // The verdicts do not depend on the dashboard; say why it is missing instead of failing.
      String warning = "report not made: JMeter dashboard of " + result.scenario() + ": " + e;
      LOG.warn(warning);
      LOG.debug("dashboard generation failed", e);
      warnings.add(warning);
    }
    AllureReport.run(result, dashboard);
    return List.copyOf(warnings);
  }

  /**
   * An SLA verdict as a table on the current test, titled with its headline; a {@code
   * sla.VerdictListener} for the session.
   */
  public static void verdict(RunResult run, SlaVerdict verdict) {
    AllureReport.table("SLA verdict: " + run.scenario() + " (" + verdict.headline() + ")",
        Tables.html(SlaVerdict.COLUMNS, verdict.cells()));
  }

  /**
   * Writes the run-level environment (target, engine, profile, provider, versions, machine).
   *
   * @param provider the backend provider's name, or null before any backend started (the
   *     configured {@code perf.backends} is shown then)
   */
  public static void environment(PerfConfig config, String provider) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("target", config.target().name());
    env.put("engine", config.engine().name().toLowerCase(Locale.ROOT));
    env.put("profile", config.profile().toString());
    env.put("backend.provider", provider == null ? config.backends().name().toLowerCase(
        Locale.ROOT) : provider);
    env.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    env.put("jmeter", JMeterUtils.getJMeterVersion());
    env.put("perf-suite", suiteVersion());
    env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", "
        + Runtime.getRuntime().availableProcessors() + " cores");
    AllureReport.runLevel(env, System.getenv());
  }

  private static String suiteVersion() {
    try (InputStream in = AllureRunReport.class.getResourceAsStream(
        "/dev/perfsuite/version.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the suite version", e);
    }
  }
}
