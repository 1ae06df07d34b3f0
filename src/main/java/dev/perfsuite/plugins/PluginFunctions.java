package dev.perfsuite.plugins;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.functions.Function;

/**
 * The {@code ${__name()}} functions of a {@link PluginLoader}'s jars, known to JMeter for one run:
 * registered when opened, removed when closed.
 *
 * <p>JMeter fills its function registry once per JVM from its search paths and has no other way
 * in, so the scope writes into it by reflection (JMeter 5.6.3). Runs of one JVM that overlap and
 * register the same function share it; the last to close removes it. A function JMeter already
 * had from its own class path is left alone. <b>Trap:</b> JMeter resolves a function when it
 * compiles an element's text (at the run's start), so a plan must be compiled inside the scope.
 */
public final class PluginFunctions implements AutoCloseable {
  /** Functions registered by open scopes, with how many scopes hold each. */
  private static final Map<String, Integer> HOLDERS = new HashMap<>();

  private final List<String> names;
  private boolean closed;

  private PluginFunctions(List<String> names) {
    this.names = List.copyOf(names);
  }

  /**
   * Registers the functions of the plugin loader in {@code loader}'s chain; a scope of nothing
   * when there is none.
   *
   * @throws IllegalStateException naming a jar that cannot be read
   */
  public static PluginFunctions register(ClassLoader loader) {
    return PluginLoader.in(loader).map(PluginFunctions::register)
        .orElseGet(() -> new PluginFunctions(List.of()));
  }

  /** Registers the functions of {@code plugins}' jars. */
  public static PluginFunctions register(PluginLoader plugins) {
    return register(plugins, plugins.jars());
  }

  /**
   * Registers the functions of {@code jars}, loaded through {@code plugins}. The loader holds them
   * and perhaps others: a remote engine's loader holds every jar shipped to it, a test asks for its
   * own.
   */
  public static PluginFunctions register(PluginLoader plugins, List<Path> jars) {
    Map<String, Class<? extends Function>> found = new HashMap<>();
    for (Path jar : jars) {
      found.putAll(functionsIn(jar, plugins));
    }
    Map<String, Class<? extends Function>> registry = registry();
    List<String> held = new ArrayList<>();
    synchronized (registry) {
      found.forEach((name, type) -> {
        Class<? extends Function> present = registry.get(name);
        if (present == null || HOLDERS.containsKey(name)) {
          registry.putIfAbsent(name, type);
          HOLDERS.merge(name, 1, Integer::sum);
          held.add(name);
        }
      });
    }
    return new PluginFunctions(held);
  }

  /** The functions this scope holds, e.g. {@code __base64Encode}. */
  public List<String> names() {
    return names;
  }

  /** The functions open scopes hold in this JVM: known to JMeter now, but not for every plan. */
  public static Set<String> active() {
    synchronized (registry()) {
      return Set.copyOf(HOLDERS.keySet());
    }
  }

  /** Removes the functions no other open scope holds. */
  @Override
  public void close() {
    Map<String, Class<? extends Function>> registry = registry();
    synchronized (registry) {
      if (closed) {
        return;
      }
      closed = true;
      for (String name : names) {
        if (HOLDERS.merge(name, -1, Integer::sum) <= 0) {
          HOLDERS.remove(name);
          registry.remove(name);
        }
      }
    }
  }

  /** The concrete {@code Function} classes of {@code jar}, by reference key. */
  private static Map<String, Class<? extends Function>> functionsIn(Path jar, ClassLoader loader) {
    Map<String, Class<? extends Function>> functions = new HashMap<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      for (Enumeration<JarEntry> e = file.entries(); e.hasMoreElements();) {
        String name = e.nextElement().getName();
        if (name.endsWith(".class") && !name.contains("$")) {
          function(name.replace('/', '.').replaceFirst("\\.class$", ""), loader)
              .ifPresent(f -> functions.put(f.key(), f.type()));
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("plugin jar " + jar + " cannot be read: " + e, e);
    }
    return functions;
  }

  private record Found(String key, Class<? extends Function> type) {
  }

  private static Optional<Found> function(String className, ClassLoader loader) {
    try {
      Class<?> type = Class.forName(className, false, loader);
      if (Function.class.isAssignableFrom(type) && !type.isInterface()
          && !Modifier.isAbstract(type.getModifiers())) {
        Function function = (Function) type.getDeclaredConstructor().newInstance();
        return Optional.of(new Found(function.getReferenceKey(),
            type.asSubclass(Function.class)));
      }
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      // A class of the jar that is no function or needs what is absent: not ours to judge.
    }
    return Optional.empty();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Class<? extends Function>> registry() {
    try {
      CompoundVariable.getFunctionNames();
      Field field = CompoundVariable.class.getDeclaredField("functions");
      field.setAccessible(true);
      return (Map<String, Class<? extends Function>>) field.get(null);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException("JMeter's function registry cannot be reached (JMeter "
          + "5.6.3 expected): " + e, e);
    }
  }
}
