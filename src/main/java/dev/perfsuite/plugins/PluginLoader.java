package dev.perfsuite.plugins;

import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The class loader of a run's JMeter plugin jars, those a JMX plan needs and the suite fetched. The
 * plan's tree is read and run with it, and a distributed run ships its jars to its engines before
 * load.
 *
 * <p>A run carries it as its thread's context class loader (or an ancestor of it), which JMeter's
 * threads inherit; {@link #in(ClassLoader)} finds it there. Its functions are known to JMeter only
 * while a {@link PluginFunctions} scope is open.
 */
public final class PluginLoader extends URLClassLoader {
  static {
    registerAsParallelCapable();
  }

  private volatile List<Path> jars;

  private PluginLoader(String name, List<Path> jars, ClassLoader parent) {
    super(name, urls(jars), parent);
    this.jars = List.copyOf(jars);
  }

  /**
   * Appends {@code jar} to this loader's class path, for a remote engine's ever-growing loader.
   * That loader lives as long as the engine and only grows: a JVM cannot unload a class, and RMI
   * keeps answering a class it once resolved through the loader, so a closed loader would leave
   * later tests with classes whose jar is gone. Adding a jar already present does nothing.
   */
  public synchronized void add(Path jar) {
    Path absolute = jar.toAbsolutePath().normalize();
    if (!jars.contains(absolute)) {
      addURL(urls(List.of(absolute))[0]);
      List<Path> more = new ArrayList<>(jars);
      more.add(absolute);
      jars = List.copyOf(more);
    }
  }

  /** A loader of {@code jars} over {@code parent}, named {@code name} (shown in stack traces). */
  public static PluginLoader of(String name, List<Path> jars, ClassLoader parent) {
    return new PluginLoader(name, jars.stream().map(j -> j.toAbsolutePath().normalize())
        .toList(), parent);
  }

  /** The plugin jars, absolute, in class path order. */
  public List<Path> jars() {
    return jars;
  }

  /** The plugin loader in {@code loader}'s chain (itself or a parent), if any. */
  public static Optional<PluginLoader> in(ClassLoader loader) {
    for (ClassLoader l = loader; l != null; l = l.getParent()) {
      if (l instanceof PluginLoader plugins) {
        return Optional.of(plugins);
      }
    }
    return Optional.empty();
  }

  /** The plugin loader of the calling thread's run, if any. */
  public static Optional<PluginLoader> ofThisRun() {
    return in(Thread.currentThread().getContextClassLoader());
  }

  private static URL[] urls(List<Path> jars) {
    try {
      URL[] urls = new URL[jars.size()];
      for (int i = 0; i < urls.length; i++) {
        urls[i] = jars.get(i).toUri().toURL();
      }
      return urls;
    } catch (MalformedURLException e) {
      throw new UncheckedIOException(e);
    }
  }
}
