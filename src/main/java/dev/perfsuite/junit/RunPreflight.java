package dev.perfsuite.junit;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.files.FolderCheck;
import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.reporting.AllureReport;
import dev.perfsuite.results.JtlSize;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks before load that every folder the run writes is writable and has room for the JTL.
 * Otherwise the run is refused naming the folder, the need and the fix.
 *
 * <p>The rate is the profile's target rate (open model) or, closed, a model: each user sends one
 * request per think time plus 10 ms, an upper bound for fast loopback targets. Only the open
 * model's estimate can refuse a run; the closed model's only warns.
 */
final class RunPreflight {
  private static final Logger LOG = LoggerFactory.getLogger(RunPreflight.class);
  private static final double MODEL_LATENCY_MILLIS = 10;

  private RunPreflight() {
  }

  /** The folders of {@code config} checked for a run of {@code profile}. */
  static FolderCheck check(PerfConfig config, LoadProfile profile) {
    long jtl = JtlSize.bytes(rate(profile), profile.plannedDuration(), config.run().jtl(),
        config.run().jtlCompressed());
    return FolderCheck.of(List.of(
        new FolderCheck.Need("perf.results-dir", config.resultsDir(), jtl),
        new FolderCheck.Need("perf.history.dir", config.history().directory(), 0),
        new FolderCheck.Need("allure.results.directory", AllureReport.resultsDirectory(), 0),
        new FolderCheck.Need("perf.cache-dir", config.backendSettings().cacheDirectory(), 0),
        new FolderCheck.Need("java.io.tmpdir (the engine's work directory)",
            Path.of(System.getProperty("java.io.tmpdir")), 0)),
        profile.model() == LoadModel.OPEN);
  }

  /** Warns, or refuses with an {@link IllegalStateException} naming every refusal. */
  static void enforce(PerfConfig config, LoadProfile profile) {
    FolderCheck check = check(config, profile);
    check.warnings().forEach(LOG::warn);
    if (!check.refusals().isEmpty()) {
      throw new IllegalStateException("refused before load: " + String.join("; ",
          check.refusals()));
    }
  }

  static double rate(LoadProfile profile) {
    if (profile.model() == LoadModel.OPEN) {
      return profile.peakLevel();
    }
    return profile.peakLevel() * 1000.0 / (profile.thinkTime().toMillis() + MODEL_LATENCY_MILLIS);
  }
}
