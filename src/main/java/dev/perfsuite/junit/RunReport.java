package dev.perfsuite.junit;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.reporting.AllureReport;
import dev.perfsuite.reporting.JmeterDashboard;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.jmeter.util.JMeterUtils;

/** Puts a finished run, and the session's environment, into the Allure results. */
final class RunReport {

  private RunReport() {
  }

  static void scenario(RunResult result, PerfConfig config, String provider) {
    if (!AllureReport.active()) {
      return;
    }
    AllureReport.parameter("users", result.users());
    AllureReport.parameter("profile", config.profile().name());
    AllureReport.parameter("target", config.target().name());
    AllureReport.parameter("engine", config.engine().name().toLowerCase(java.util.Locale.ROOT));
    AllureReport.parameter("backend provider", provider);
    Path dashboard = null;
    try {
      dashboard = JmeterDashboard.generate(result.directory().resolve("results.jtl"),
          result.directory().resolve("dashboard"));
    } catch (RuntimeException e) {
      // The verdicts do not depend on the dashboard; say why it is missing instead of failing.
      System.out.println("WARNING: no JMeter dashboard for " + result.scenario() + ": "
          + e.getMessage());
    }
    AllureReport.run(result, dashboard);
  }

  static void environment(PerfConfig config, String provider) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("target", config.target().name());
    env.put("engine", config.engine().name().toLowerCase(java.util.Locale.ROOT));
    env.put("profile", config.profile().toString());
    env.put("backend.provider", provider == null ? config.backends().name().toLowerCase(
        java.util.Locale.ROOT) : provider);
    env.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    env.put("jmeter", JMeterUtils.getJMeterVersion());
    env.put("perf-suite", suiteVersion());
    env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", "
        + Runtime.getRuntime().availableProcessors() + " cores");
    AllureReport.runLevel(env, System.getenv());
  }

  static String suiteVersion() {
    try (InputStream in = RunReport.class.getResourceAsStream("/dev/perfsuite/version.properties")) {
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
