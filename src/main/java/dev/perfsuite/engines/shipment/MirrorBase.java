package dev.perfsuite.engines.shipment;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An empty User Defined Variables element that makes a remote engine's mirror of the plan's folder
 * ({@link PlanMirror}) JMeter's base directory. It goes first under the Test Plan. A path
 * built at run time ({@code ${dataDir}/x.csv}, a script's {@code FileServer.getBaseDir()}) then
 * resolves to the shipped copies, as under {@code jmeter -n -t} on the controller.
 *
 * <p>JMeter's engine sets the base it receives (the controller's plan folder, relative to the
 * controller's working directory) in {@code rconfigure}; its start then evaluates the plan's
 * variables element by element, each after {@link #setRunningVersion(boolean)}, so this first one
 * moves the base before any other is read. The mirror is {@code <perf.data.dir>/<mirror>}; where
 * {@code perf.data.dir} is unset (the controller's own pass over the tree) nothing changes.
 *
 * <p>Public with a public constructor: JMeter clones elements by reflection.
 */
public final class MirrorBase extends Arguments {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(MirrorBase.class);
  /** The property naming the mirror folder under the engine's data directory. */
  static final String MIRROR = "perf.mirror";

  /** For JMeter's cloning and reading; {@link #first} places one in a built plan. */
  public MirrorBase() {
    setName("perf-suite: the plan's folder on this engine");
  }

  /**
   * Places a base element reading {@code mirror} first in {@code planTree} (the Test Plan's
   * children), the others kept in their order.
   */
  static MirrorBase first(HashTree planTree, String mirror) {
    MirrorBase base = new MirrorBase();
    base.setProperty(MIRROR, mirror);
    Map<Object, HashTree> children = new LinkedHashMap<>();
    List<Object> keys = new ArrayList<>(planTree.list());
    keys.forEach(key -> children.put(key, planTree.getTree(key)));
    planTree.clear();
    planTree.add(base);
    children.forEach(planTree::add);
    return base;
  }

  @Override
  public void setRunningVersion(boolean running) {
    if (running) {
      onEngine(JMeterUtils.getProperty(EngineDataService.DATA_DIR_PROPERTY),
          getPropertyAsString(MIRROR)).ifPresent(MirrorBase::setBase);
    }
    super.setRunningVersion(running);
  }

  /**
   * The mirror folder of an engine whose data directory is {@code dataDirectory}. Empty on the
   * controller (no data directory), or when the folder is missing (warned: the run-time paths
   * then resolve as JMeter's engine received them).
   */
  static Optional<Path> onEngine(String dataDirectory, String mirror) {
    if (dataDirectory == null || dataDirectory.isBlank() || mirror.isBlank()) {
      return Optional.empty();
    }
    Path folder = Path.of(dataDirectory).resolve(mirror).toAbsolutePath().normalize();
    if (!Files.isDirectory(folder)) {
      LOG.warn("perf-suite engine: the plan's folder mirror {} is missing (pruned meanwhile?): "
          + "paths built at run time resolve against {}", folder,
          FileServer.getFileServer().getBaseDir());
      return Optional.empty();
    }
    return Optional.of(folder);
  }

  private static void setBase(Path folder) {
    FileServer files = FileServer.getFileServer();
    if (files.getBaseDir().equals(folder.toString())) {
      // Set already: JMeter makes this element running again for each thread's copy.
      return;
    }
    try {
      files.setBase(new File(folder.toString()));
      LOG.info("perf-suite engine: JMeter's base directory is the plan's folder mirror {}",
          folder);
    } catch (IllegalStateException e) {
      // Files of the previous test still open: JMeter's engine would keep its base too.
      LOG.warn("perf-suite engine: JMeter's base directory stays {} (files still open), not "
          + "the plan's folder mirror {}", files.getBaseDir(), folder);
    }
  }
}
