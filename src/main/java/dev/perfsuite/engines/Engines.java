package dev.perfsuite.engines;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.config.Secrets;
import dev.perfsuite.config.settings.DistributedSettings;
import dev.perfsuite.engines.remote.Aggregation;
import dev.perfsuite.engines.remote.DistributedEngine;
import dev.perfsuite.engines.remote.EngineDiscovery;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Entry points for the engines that run {@link LoadPlan}s.
 *
 * <p>An engine writes the JTL of each run and hands the result to its {@link RunWatcher}s; the
 * summary files, console table and progress lines are watchers the caller passes in (the
 * session registers them), so an engine built without watchers writes the JTL only.
 */
public final class Engines {

  private Engines() {
  }

  /** The engine chosen by {@code perf.engine}, without watchers (JTL only). */
  public static LoadEngine fromConfig(PerfConfig config) {
    return fromConfig(config, List.of());
  }

  /** The engine chosen by {@code perf.engine}, with watchers that see every run live. */
  public static LoadEngine fromConfig(PerfConfig config, List<RunWatcher> watchers) {
    return switch (config.engine()) {
      case EMBEDDED -> new EmbeddedEngine(config.resultsDir(), config.connectTimeout(),
          config.responseTimeout(), watchers, Optional.of(config.run()));
      case DISTRIBUTED -> distributed(config, watchers);
    };
  }

  /**
   * JMeter remote engines of {@code perf.remotes}; with {@code perf.rmi.ssl} on (the default) the
   * keystore password is read from {@code PERF_RMI_KEYSTORE_PASSWORD} (or its {@code _FILE}).
   */
  private static LoadEngine distributed(PerfConfig config, List<RunWatcher> watchers) {
    DistributedSettings settings = config.distributed();
    RmiTransport transport = settings.rmiSsl()
        ? RmiTransport.ssl(settings.keystore(), settings.keyAlias(),
            Secrets.fromEnvironment().required(RmiTransport.PASSWORD_VARIABLE))
        : RmiTransport.plain(settings.trustedNetwork());
    return new DistributedEngine(config.resultsDir(), config.connectTimeout(),
        config.responseTimeout(), watchers, EngineDiscovery.of(settings.remotes(),
            settings.expected(), settings.expectedWait()), settings.split(),
        settings.watchdog(), settings.localPort(), transport, new Aggregation(settings.samples(),
            settings.snapshotInterval(), settings.jtl())).dataFiles(settings.data())
        .runSettings(config.run());
  }

  /** JMeter inside this JVM, with timeouts and results directory from {@code config}. */
  public static LoadEngine embedded(PerfConfig config) {
    return embedded(config.resultsDir(), config.connectTimeout(), config.responseTimeout());
  }

  /**
   * JMeter inside this JVM writing under {@code resultsDir}, with explicit HTTP timeouts.
   *
   * @param connectTimeout how long a connect may take before the sample fails as TIMEOUT
   * @param responseTimeout how long a response may take before the sample fails as TIMEOUT
   */
  public static LoadEngine embedded(Path resultsDir,
      Duration connectTimeout, Duration responseTimeout) {
    return embedded(resultsDir, connectTimeout, responseTimeout, List.of());
  }

  /** As {@link #embedded(java.nio.file.Path, java.time.Duration, java.time.Duration)}, watched. */
  public static LoadEngine embedded(Path resultsDir,
      Duration connectTimeout, Duration responseTimeout,
      List<RunWatcher> watchers) {
    return new EmbeddedEngine(resultsDir, connectTimeout, responseTimeout, watchers);
  }
}
