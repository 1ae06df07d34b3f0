package dev.perfsuite.files;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Before load: can every folder a run writes be written, and does its disk have room for what
 * the run will write there?
 *
 * <p>Folders on one file system share its free space: their needs are summed. A disk with less
 * usable space than the run needs is a refusal; one with less than twice the need, a warning (the
 * need is an estimate, see {@link Need}).
 */
public final class FolderCheck {
  private final List<String> refusals;
  private final List<String> warnings;

  private FolderCheck(List<String> refusals, List<String> warnings) {
    this.refusals = List.copyOf(refusals);
    this.warnings = List.copyOf(warnings);
  }

  /**
   * One folder a run writes.
   *
   * @param key the key that sets it, e.g. {@code perf.results-dir}, named in the fix
   * @param folder the folder
   * @param bytes what the run is estimated to write there, 0 when negligible
   */
  public record Need(String key, Path folder, long bytes) {
  }

  /** Checks each folder: created if missing, a file written and removed, free space compared. */
  public static FolderCheck of(List<Need> needs) {
    return of(needs, true);
  }

  /**
   * As {@link #of(List)}; with {@code refuseShortDisk} false a disk too small for a need is a
   * warning only, for needs that rest on a rough model.
   */
  public static FolderCheck of(List<Need> needs, boolean refuseShortDisk) {
    List<String> refusals = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    Map<FileStore, List<Need>> byStore = new LinkedHashMap<>();
    for (Need need : needs) {
      Path folder = need.folder().toAbsolutePath();
      try {
        Files.createDirectories(folder);
        Files.delete(Files.createTempFile(folder, ".perf-write-check", ".tmp"));
        byStore.computeIfAbsent(Files.getFileStore(folder), s -> new ArrayList<>()).add(need);
      } catch (IOException | SecurityException e) {
        refusals.add(need.key() + "=" + need.folder() + ": the folder " + folder
            + " cannot be written (" + e + "). Fix: make it writable (owner, permissions, a "
            + "read-only mount) or point " + need.key() + " at a writable folder");
      }
    }
    for (Map.Entry<FileStore, List<Need>> store : byStore.entrySet()) {
      long need = store.getValue().stream().mapToLong(Need::bytes).sum();
      long free;
      try {
        free = store.getKey().getUsableSpace();
      } catch (IOException e) {
        continue;
      }
      if (need == 0 || free >= 2 * need) {
        continue;
      }
      List<String> where = store.getValue().stream().filter(n -> n.bytes() > 0)
          .map(n -> n.key() + "=" + n.folder().toAbsolutePath() + " (" + size(n.bytes()) + ")")
          .toList();
      String text = "the run needs about " + size(need) + " in " + String.join(", ", where)
          + ", its disk has " + size(free) + " free. Fix: free space there, point the key at a "
          + "larger disk, or write less: -Dperf.jtl=errors, -Dperf.jtl.compress=true";
      if (free < need && refuseShortDisk) {
        refusals.add(text);
      } else {
        warnings.add(text + " (less than twice the estimate)");
      }
    }
    return new FolderCheck(refusals, warnings);
  }

  /** What refuses the run, one line per folder or disk; empty when it may start. */
  public List<String> refusals() {
    return refusals;
  }

  /** What the run may start with but should know. */
  public List<String> warnings() {
    return warnings;
  }

  static String size(long bytes) {
    return bytes >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30))
        : String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
  }
}
