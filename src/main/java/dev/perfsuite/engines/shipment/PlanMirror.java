package dev.perfsuite.engines.shipment;

import dev.perfsuite.engines.BuiltTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;

/**
 * The folder every engine holds as a mirror of the plan's folder. It holds the files that paths
 * built at run time read, each at its place relative to the plan's folder.
 *
 * <p>The engine makes the mirror JMeter's base directory before its test starts
 * ({@link MirrorBase}), so {@code ${dataDir}/x.csv} with {@code dataDir=./data} reads
 * {@code <mirror>/data/x.csv} there as it reads {@code <plan folder>/data/x.csv} here. The mirror
 * is named {@code <16 hex digits of a SHA-256 over its names and contents>}: a changed file makes a
 * new mirror, an unchanged one is not sent again. A path that makes no file here, one outside the
 * plan's folder, or one whose name the engine's store refuses is left to the engines, warned.
 *
 * @param name the mirror's folder under each engine's data directory; empty when it holds nothing
 * @param entries each file with its name in the engine's store ({@code <name>/data/x.csv})
 * @param left why each path built at run time that is not mirrored is not, for the run's warnings
 */
record PlanMirror(String name, Map<String, DataFile> entries, List<String> left) {
  /** One folder or file name the engine's store accepts. */
  private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}");
  /** Folders below the plan's folder a mirrored file may lie in (the store's limit). */
  private static final int MAX_DEPTH = 15;

  PlanMirror {
    entries = Map.copyOf(entries);
    left = List.copyOf(left);
  }

  /**
   * The mirror of {@code base} (JMeter's base directory here: the plan's folder) holding the files
   * that {@code runTime} paths make.
   */
  static PlanMirror of(List<DataFile> runTime, Path base) throws IOException {
    Path folder = base.toAbsolutePath().normalize();
    Map<String, DataFile> byPath = new LinkedHashMap<>();
    List<String> left = new ArrayList<>();
    for (DataFile file : runTime) {
      String reason = reasonLeft(file, folder);
      if (reason != null) {
        left.add(file.kind() + " " + file.element() + ": " + file.written() + " is "
            + file.file() + " when the test starts, " + reason);
      } else {
        byPath.putIfAbsent(folder.relativize(file.file()).toString().replace('\\', '/'), file);
      }
    }
    if (byPath.isEmpty()) {
      return new PlanMirror("", Map.of(), left);
    }
    MessageDigest digest = ContentHash.digest();
    for (Map.Entry<String, DataFile> entry : byPath.entrySet()) {
      digest.update((entry.getKey() + '\u0000' + ContentHash.sha256(entry.getValue().file())
          + '\n').getBytes(StandardCharsets.UTF_8));
    }
    String name = HexFormat.of().formatHex(digest.digest()).substring(0, 16);
    Map<String, DataFile> entries = new LinkedHashMap<>();
    byPath.forEach((relative, file) -> entries.put(name + "/" + relative, file));
    return new PlanMirror(name, entries, left);
  }

  /** Why {@code file} cannot be mirrored, or null when it can. */
  private static String reasonLeft(DataFile file, Path folder) {
    if (!Files.isRegularFile(file.file())) {
      return "which is no file here: not shipped, each engine evaluates the path itself";
    }
    if (!file.file().startsWith(folder)) {
      return "outside the plan's folder " + folder + ": not shipped, each engine evaluates "
          + "the path itself";
    }
    Path relative = folder.relativize(file.file());
    for (Path segment : relative) {
      if (!SEGMENT.matcher(segment.toString()).matches()) {
        return "whose name holds characters the engines' stores refuse ('" + segment
            + "'): not shipped. Fix: letters, digits, '.', '_' and '-' only";
      }
    }
    return relative.getNameCount() > MAX_DEPTH + 1 ? "more than " + MAX_DEPTH + " folders "
        + "below the plan's folder: not shipped" : null;
  }

  /** True when nothing is mirrored (the engines keep the base JMeter sends them). */
  boolean isEmpty() {
    return entries.isEmpty();
  }

  /** The edit placing the element that makes the mirror each engine's base ({@link MirrorBase}). */
  TestPlanChild baseOnEngines() {
    String folder = name;
    return BuiltTree.onceBuilt(tree -> MirrorBase.first(tree, folder));
  }
}
