package dev.perfsuite.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Folders that cannot be written, or whose disk is too small, are named before load. */
class FolderCheckTest {
  @TempDir
  Path dir;

  @Test
  void shouldRefuseNamingKeyFolderAndFixWhenAFolderCannotBeWritten() throws Exception {
    // A regular file where a parent folder should be: unwritable even for root.
    Path blocked = Files.writeString(dir.resolve("blocked"), "a file").resolve("results");

    FolderCheck check = FolderCheck.of(List.of(new FolderCheck.Need("perf.results-dir",
        blocked, 0), new FolderCheck.Need("perf.history.dir", dir.resolve("h"), 0)));

    assertThat(check.refusals()).as("refusals").singleElement().asString()
        .startsWith("perf.results-dir=" + blocked).contains("cannot be written")
        .contains("Fix: make it writable").contains("point perf.results-dir at");
  }

  @Test
  void shouldRefuseWhenTheDiskHasLessThanTheRunNeedsAndWarnBelowTwiceTheNeed()
      throws Exception {
    long free = Files.getFileStore(dir).getUsableSpace();

    // Margins of a fifth of the disk: other processes write and delete while the test runs.
    FolderCheck refused = FolderCheck.of(List.of(
        new FolderCheck.Need("perf.results-dir", dir.resolve("r"), free * 3 / 5),
        new FolderCheck.Need("perf.history.dir", dir.resolve("h"), free * 3 / 5)));
    FolderCheck warned = FolderCheck.of(List.of(
        new FolderCheck.Need("perf.results-dir", dir.resolve("r"), free * 3 / 4)));
    FolderCheck fine = FolderCheck.of(List.of(
        new FolderCheck.Need("perf.results-dir", dir.resolve("r"), 1 << 20)));

    assertThat(refused.refusals()).as("two folders on one disk, needs summed").singleElement()
        .asString().contains("perf.results-dir=" + dir.resolve("r"))
        .contains("perf.history.dir=").contains("free. Fix: free space there")
        .contains("-Dperf.jtl=errors");
    assertThat(warned.refusals()).as("refusals with room for the need").isEmpty();
    assertThat(warned.warnings()).as("warning below twice the need").singleElement().asString()
        .contains("less than twice the estimate");
    assertThat(fine.warnings()).as("warnings with room to spare").isEmpty();
    assertThat(FolderCheck.of(List.of(new FolderCheck.Need("perf.results-dir", dir.resolve("r"),
        free * 2)), false).warnings()).as("a short disk under a rough model: warned only")
        .hasSize(1);
  }
}
