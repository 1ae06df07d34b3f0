package dev.perfsuite.engines.server;

import dev.perfsuite.engines.PluginFunctions;
import dev.perfsuite.engines.PluginLoader;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarFile;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.threads.JMeterContextService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugin jars a controller shipped for a remote engine's next test, and the class loader the
 * engine's JMeter works with.
 *
 * <p>RMI reads a call's arguments (the test's tree) with the context class loader that was
 * current when the called object was exported, and JMeter's test threads inherit the RMI
 * thread's; so the launcher exports JMeter's engine under {@link #loader()}, which answers what
 * the engine's class path lacks from the jars of the current test. Their functions are registered
 * with JMeter until that test ends (a one-shot test listener of JMeter's engine), so a later
 * test without them does not see them.
 */
final class EnginePlugins {
  private static final Logger LOG = LoggerFactory.getLogger(EnginePlugins.class);

  private final RunLoader loader = new RunLoader(EnginePlugins.class.getClassLoader());
  private PluginLoader current;
  private PluginFunctions functions;

  /** The loader to export JMeter's engine under: the engine's class path, then the plugins. */
  ClassLoader loader() {
    return loader;
  }

  /**
   * Makes {@code jars} the next test's plugins, replacing the previous ones.
   *
   * @return the functions registered
   * @throws IOException naming a jar that cannot be opened
   * @throws IllegalStateException while a test runs
   */
  synchronized List<String> use(List<Path> jars) throws IOException {
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
    }
    release();
    PluginLoader plugins = PluginLoader.of("perf-suite engine plugins", jars,
        loader.getParent());
    functions = PluginFunctions.register(plugins);
    current = plugins;
    loader.plugins = plugins;
    StandardJMeterEngine.register(new TestEnd());
    LOG.info("perf-suite engine: plugins for the next test: {}; functions {}", jars,
        functions.names());
    return functions.names();
  }

  /** Forgets the current plugins: their classes no longer load, their functions are gone. */
  synchronized void release() {
    if (functions != null) {
      functions.close();
      functions = null;
    }
    loader.plugins = null;
    if (current != null) {
      try {
        current.close();
      } catch (IOException e) {
        LOG.debug("closing the plugin jars {}", current.jars(), e);
      }
      current = null;
    }
  }

  /** Releases the plugins when the test that follows {@link #use} ends (JMeter forgets it then). */
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

  /** The engine's class path first, then the current test's plugin jars. */
  private static final class RunLoader extends ClassLoader {
    static {
      registerAsParallelCapable();
    }

    private volatile PluginLoader plugins;

    RunLoader(ClassLoader parent) {
      super("perf-suite engine run", parent);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      PluginLoader now = plugins;
      if (now == null) {
        throw new ClassNotFoundException(name);
      }
      return now.loadClass(name);
    }

    @Override
    protected URL findResource(String name) {
      PluginLoader now = plugins;
      return now == null ? null : now.findResource(name);
    }

    @Override
    protected Enumeration<URL> findResources(String name) throws IOException {
      PluginLoader now = plugins;
      return now == null ? Collections.emptyEnumeration() : now.findResources(name);
    }
  }
}
