package dev.perfsuite.plugins;

import static dev.perfsuite.diagnostics.Causes.rootMessage;

import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.engines.shipment.DataShipment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.jmeter.util.JMeterUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends a run's plugin jars to every remote engine before the tree goes out, and has each load
 * them. The jars are those of the {@link PluginLoader} a JMX plan fetched them into, found on the
 * calling thread. JMeter's distributed mode ships no class, so an engine would otherwise read the
 * tree without the plugin's elements and leave its {@code ${__functions()}} unresolved.
 *
 * <p>The jars travel as data files do ({@link DataShipment}: SHA-256, chunks, nothing sent when
 * the engine holds the content); the engine's store adds them to the loader JMeter reads trees
 * and runs threads with ({@link EnginePlugins}), and registers their functions until the test
 * ends. An engine that cannot take or open a jar fails the run before load, named with the
 * jar and the fix.
 */
public final class PluginShipment {
  private static final Logger LOG = LoggerFactory.getLogger(PluginShipment.class);
  private static final String FIX = "Fix: start the engine with this suite's launcher (java -jar "
      + "perf-suite-remote-engine.jar, the same version as the controller), whose store loads "
      + "shipped plugins; or put the plugin jars in every engine's lib/ext and run with "
      + "-Dperf.jmx.plugins=off and the plugins as test dependencies";

  private PluginShipment() {
  }

  /**
   * As {@link #ship(List, RmiTransport, String)} under a token of its own, for a shipment outside
   * a distributed run: the engines take it only while idle.
   */
  public static List<String> ship(List<String> engines, RmiTransport transport) {
    return ship(engines, transport, UUID.randomUUID().toString());
  }

  /**
   * Ships the calling run's plugin jars to {@code engines}; nothing when the run has none.
   *
   * @param token the run's token, which every upload call carries
   * @return what each engine received, one line per engine (empty when nothing was shipped)
   * @throws IllegalArgumentException naming the engine(s), the jar and the fix
   */
  public static List<String> ship(List<String> engines, RmiTransport transport, String token) {
    List<Path> jars = PluginLoader.ofThisRun().map(PluginLoader::jars).orElse(List.of());
    if (jars.isEmpty() || engines.isEmpty()) {
      return List.of();
    }
    for (Path jar : jars) {
      if (!Files.isRegularFile(jar)) {
        throw new IllegalArgumentException("plugin jar " + jar + " the plan needs is gone from "
            + "the local Maven repository. Fix: run again (perf.jmx.plugins=auto fetches it) or "
            + "delete " + PluginFetch.CACHE + "/ to fetch anew.");
      }
    }
    // RmiUtils reads these once, at first use (see DistributedEngine#jmeter).
    transport.jmeterProperties().forEach(JMeterUtils::setProperty);
    Map<String, List<String>> functions = new TreeMap<>();
    List<String> sent;
    try {
      sent = DataShipment.uploadJars(engines, jars, token, (engine, service, names) -> {
        try {
          List<String> registered = service.usePlugins(token, names);
          synchronized (functions) {
            functions.put(engine, registered);
          }
        } catch (IOException | RuntimeException e) {
          throw new IllegalStateException("engine " + engine + " cannot load the plan's "
              + "plugin jars " + names + ": " + rootMessage(e) + ". " + FIX, e);
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot send the plugin jars " + jars + " to the engines", e);
    }
    if (LOG.isInfoEnabled()) {
      LOG.info("Plugin jars for {} engine(s), loaded for their next test:\n  {}\n  {}\n  "
          + "functions registered per engine: {}", engines.size(), String.join("\n  ",
              jars.stream().map(j -> j.getFileName().toString()).toList()),
          String.join("\n  ", sent), functions);
    }
    return sent;
  }
}
