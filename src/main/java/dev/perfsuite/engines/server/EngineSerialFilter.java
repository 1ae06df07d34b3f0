package dev.perfsuite.engines.server;

import java.io.ObjectInputFilter;
import java.lang.reflect.Proxy;
import java.util.List;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The allow-list every object an engine reads over RMI must pass, so that no client can hand it
 * a deserialization gadget.
 *
 * <p>A plan's tree, the properties and files a controller sends and the stubs it calls back on
 * pass; anything else is rejected before it is built.
 *
 * <p>Allowed: primitives and arrays of allowed types; the JDK's {@code java.lang} (not its
 * {@code invoke} and {@code reflect} packages: serialized lambdas), {@code
 * java.util}, {@code java.time}, {@code java.math}, {@code java.rmi} and {@link java.io.File}
 * (JMeter's {@code rconfigure} takes the plan's base folder); RMI stubs (dynamic proxies, whose
 * interfaces are checked on their own); JMeter, jorphan, jmeter-java-dsl, HdrHistogram and the
 * suite, and the jmeter-plugins families ({@code kg.apc}, {@code com.blazemeter}); every JMeter
 * test element or property class; and every class of a plugin jar the controller shipped
 * (checksum-checked as it loads), which is how a JMX plan's plugins pass. JDK classes outside
 * those packages ({@code javax.management}, {@code java.net.URL}, the XML transformers) and
 * every other library on the engine's class path (Commons Collections and BeanUtils, Groovy) are
 * rejected.
 *
 * <p>Installed JVM-wide by the launcher ({@code jdk.serialFilter}'s place), so it covers JMeter's
 * engine object and the data service; the JDK's registry and DGC keep their own stricter lists.
 * A filter the operator set with {@code -Djdk.serialFilter} stays in force instead, with a
 * warning. The controller's snapshot sink reads what engines send through it as well.
 */
public final class EngineSerialFilter implements ObjectInputFilter {
  private static final Logger LOG = LoggerFactory.getLogger(EngineSerialFilter.class);
  private static final List<String> PACKAGES = List.of("java.lang.", "java.util.",
      "java.time.", "java.math.", "java.rmi.", "org.apache.jmeter.", "org.apache.jorphan.",
      "us.abstracta.jmeter.javadsl.", "org.HdrHistogram.", "dev.perfsuite.",
      // The jmeter-plugins families the engine carries (their elements hold helper objects).
      "kg.apc.", "com.blazemeter.");
  /** Nested deeper than this is no plan: a stack-exhausting stream. */
  private static final long MAX_DEPTH = 500;

  private EngineSerialFilter() {
  }

  /** The filter; the controller's snapshot sink reads through it too. */
  public static ObjectInputFilter create() {
    return new EngineSerialFilter();
  }

  /** Makes it this JVM's filter, unless the operator set one with {@code -Djdk.serialFilter}. */
  static void install() {
    if (ObjectInputFilter.Config.getSerialFilter() != null) {
      LOG.warn("-Djdk.serialFilter is set: the engine keeps it instead of its own allow-list");
      return;
    }
    ObjectInputFilter.Config.setSerialFilter(create());
  }

  @Override
  public Status checkInput(FilterInfo info) {
    if (info.depth() > MAX_DEPTH) {
      return Status.REJECTED;
    }
    Class<?> type = info.serialClass();
    if (type == null) {
      return Status.UNDECIDED;
    }
    Status status = allowed(type) ? Status.ALLOWED : Status.REJECTED;
    if (status == Status.REJECTED) {
      LOG.warn("refused to read an object of class {} sent over RMI: not on the allow-list of "
          + "what controllers and engines exchange", type.getName());
    }
    return status;
  }

  /**
   * True for a class of a plugin jar a controller shipped (checksum-checked as it loads).
   *
   * <p>Such a class comes from neither the JDK nor the engine's own class path.
   */
  private static boolean shipped(Class<?> type) {
    ClassLoader loader = type.getClassLoader();
    return loader != null && loader != ClassLoader.getPlatformClassLoader()
        && loader != ClassLoader.getSystemClassLoader()
        && loader != EngineSerialFilter.class.getClassLoader();
  }

  /** True for the classes a plan, its properties and its stubs are made of. */
  static boolean allowed(Class<?> type) {
    Class<?> component = type;
    while (component.isArray()) {
      component = component.getComponentType();
    }
    if (component.isPrimitive() || component == java.io.File.class
        || component == Proxy.class || Proxy.isProxyClass(component)
        || TestElement.class.isAssignableFrom(component)
        || JMeterProperty.class.isAssignableFrom(component)
        || shipped(component)) {
      return true;
    }
    String name = component.getName();
    // Serialized lambdas and reflection objects rebuild code paths: never part of a plan.
    if (name.startsWith("java.lang.invoke.") || name.startsWith("java.lang.reflect.")) {
      return false;
    }
    return PACKAGES.stream().anyMatch(name::startsWith);
  }
}
