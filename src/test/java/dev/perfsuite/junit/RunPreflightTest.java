package dev.perfsuite.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.PerfConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The session's check before load covers every folder a run writes. */
class RunPreflightTest {
  @TempDir
  Path dir;

  @Test
  void shouldRefuseBeforeLoadWhenTheHistoryFolderCannotBeWritten() throws Exception {
    Path blocked = Files.writeString(dir.resolve("file"), "x").resolve("history");
    PerfConfig config = PerfConfig.of(Map.of("perf.results-dir", dir.resolve("r").toString(),
        "perf.history.dir", blocked.toString(), "perf.cache-dir", dir.resolve("c").toString()));

    assertThatThrownBy(() -> RunPreflight.enforce(config, config.profile()))
        .as("a run whose history folder is a file's child")
        .hasMessageStartingWith("refused before load: perf.history.dir=" + blocked)
        .hasMessageContaining("Fix:");
  }

  @Test
  void shouldEstimateTheJtlOfASoakRunAtItsTargetRate() {
    PerfConfig soak = PerfConfig.of(Map.of("perf.target-rate", "1000", "perf.hold", "9h",
        "perf.ramp-up", "0s", "perf.results-dir", dir.resolve("r").toString()));

    assertThat(RunPreflight.rate(soak.profile())).as("rows per second, open model")
        .isEqualTo(1000.0);
    assertThat(RunPreflight.check(soak, soak.profile()).refusals()).as("refusals in a temp dir")
        .allSatisfy(r -> assertThat(r).contains("GiB"));
  }

  @Test
  void shouldSizeTheJtlAsTheRunsConfigurationKeepsIt() {
    // A million rows a second for 9 hours: no disk holds that JTL, so only perf.jtl can spare it.
    Map<String, String> keys = Map.of("perf.target-rate", "1000000", "perf.hold", "9h",
        "perf.ramp-up", "0s", "perf.results-dir", dir.resolve("r").toString());
    PerfConfig all = PerfConfig.of(keys);
    Map<String, String> none = new HashMap<>(keys);
    none.put("perf.jtl", "none");
    PerfConfig kept = PerfConfig.of(none);

    assertThat(RunPreflight.check(all, all.profile()).refusals())
        .as("refusals with every sample in the JTL")
        .anySatisfy(r -> assertThat(r).contains("perf.results-dir="));
    assertThat(RunPreflight.check(kept, kept.profile()).refusals())
        .as("refusals with perf.jtl=none in the run's configuration")
        .noneSatisfy(r -> assertThat(r).contains("perf.results-dir="));
  }
}
