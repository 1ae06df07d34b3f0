package dev.perfsuite.plugins;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.threads.JMeterContextService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugin jars controllers shipped to a remote engine, and the class loader the engine's JMeter
 * works with.
 *
 * <p>RMI reads a call's arguments (the test's tree) with the context class loader that was
 * current when the called object was exported, and JMeter's test threads inherit the RMI
 * thread's; so the launcher exports JMeter's engine under {@link #loader()}: the engine's class
 * path, then every plugin jar shipped to it. That loader lives as long as the engine and only
 * grows: a JVM cannot unload a class, and the class RMI once resolved through a loader stays its
 * answer, so a loader closed after a test would leave the next one with classes whose jar is gone.
 * A test that ships another version of a plugin the engine loaded is therefore refused before
 * load ("restart the engine"). Functions are per test: a test's jars' functions are registered
 * with JMeter until it ends (a one-shot test listener of JMeter's engine), so a later test
 * without them does not see them.
 */
public final class EnginePlugins {
  private static final Logger LOG = LoggerFactory.getLogger(EnginePlugins.class);
  /** A jar's version at the end of its name: {@code jmeter-plugins-functions-2.1.jar}. */
  private static final Pattern VERSIONED = Pattern.compile("(.+?)-\\d[^/]*\\.jar");

  private final PluginLoader loader = PluginLoader.of("perf-suite engine plugins", List.of(),
      EnginePlugins.class.getClassLoader());
  /** The jars added to {@link #loader}, by artifact (the name without its version). */
  private final Map<String, Path> loaded = new HashMap<>();
  private PluginFunctions functions;

  /** An engine's plugins: none yet, over the class path of the engine that holds them. */
  public EnginePlugins() {
    // One per engine JVM: the engine's data store holds it for the engine's life.
  }

  /** The loader to export JMeter's engine under: the engine's class path, then the plugins. */
  public ClassLoader loader() {
    return loader;
  }

  /**
   * Makes {@code jars} the next test's plugins: their classes load from now on, their functions
   * are JMeter's until that test ends.
   *
   * @return the functions registered
   * @throws IOException naming a jar that cannot be opened, or one that is another version of a
   *     plugin an earlier test loaded
   * @throws IllegalStateException while a test runs
   */
  public synchronized List<String> use(List<Path> jars) throws IOException {
    if (JMeterContextService.getTestStartTime() != 0) {
      throw new IllegalStateException("this engine is running a test; its plugins change only "
          + "between tests");
    }
    for (Path jar : jars) {
      try (JarFile file = new JarFile(jar.toFile())) {
        file.getManifest();
      } catch (IOException e) {
        throw new IOException("plugin jar " + jar.getFileName() + " cannot be opened on this "
            + "engine (" + jar + "): " + e.getMessage(), e);
      }
      Path held = loaded.get(artifact(jar));
      if (held != null && !held.equals(jar.toAbsolutePath().normalize())) {
        throw new IOException("plugin jar " + jar.getFileName() + " is another version or build "
            + "of " + held.getFileName() + ", which an earlier test loaded on this engine; a JVM "
            + "cannot unload its classes. Fix: restart the engine to change the plugin's version");
      }
    }
    release();
    for (Path jar : jars) {
      loader.add(jar);
      loaded.put(artifact(jar), jar.toAbsolutePath().normalize());
    }
    functions = PluginFunctions.register(loader, jars);
    StandardJMeterEngine.register(new TestEnd());
    LOG.info("perf-suite engine: plugins for the next test: {}; functions {}", jars,
        functions.names());
    return functions.names();
  }

  /** Forgets the current test's functions; the jars' classes stay loadable (see the class). */
  public synchronized void release() {
    if (functions != null) {
      functions.close();
      functions = null;
    }
  }

  private static String artifact(Path jar) {
    String name = jar.getFileName().toString();
    Matcher versioned = VERSIONED.matcher(name);
    return versioned.matches() ? versioned.group(1) : name;
  }

  /** Releases the functions when the test that follows {@link #use} ends. */
  private final class TestEnd implements TestStateListener {
    @Override
    public void testStarted() {
      // Nothing: the plugins were set before the tree arrived.
    }

    @Override
    public void testStarted(String host) {
      // As above.
    }

    @Override
    public void testEnded() {
      release();
    }

    @Override
    public void testEnded(String host) {
      release();
    }
  }
}
