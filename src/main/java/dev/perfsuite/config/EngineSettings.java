package dev.perfsuite.config;

import java.nio.file.Path;
import java.util.Map;

/**
 * A remote engine's own options, of its JVM rather than of a run: the run's keys come from the
 * controller, in the plan ({@link RunSettings}).
 *
 * @param workDirectory where the engine keeps its JTLs: {@code -Dperf.engine.work-dir} of its JVM
 *     (a system property only: neither {@code PERF_*} variables nor {@code perf.properties}
 *     give it), else the temp directory's {@code perf-suite-engine}
 */
public record EngineSettings(Path workDirectory) {
  /** The engine's option naming its work directory (a system property of its JVM). */
  static final String WORK_DIR = "perf.engine.work-dir";

  /** This JVM's options, read now: a remote engine reads them at each test's start. */
  public static EngineSettings fromThisJvm() {
    return from(ConfigSource.ofThisJvm());
  }

  /** The options these system properties give alone, as {@link RunSettings#of(Map)}. */
  public static EngineSettings of(Map<String, String> properties) {
    return from(ConfigSource.of(properties));
  }

  private static EngineSettings from(ConfigSource source) {
    return new EngineSettings(source.option(WORK_DIR).map(Path::of)
        .orElse(Path.of(System.getProperty("java.io.tmpdir"), "perf-suite-engine")));
  }
}
