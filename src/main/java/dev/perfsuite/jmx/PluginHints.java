package dev.perfsuite.jmx;

import java.util.LinkedHashMap;
import java.util.Map;

/** Which Maven artifact provides a JMeter plugin class, for the fix of an unknown element. */
final class PluginHints {
  /** Class-name prefixes of well-known plugins, most specific first. */
  private static final Map<String, String> BY_PREFIX = new LinkedHashMap<>();

  static {
    BY_PREFIX.put("kg.apc.jmeter.threads.", "kg.apc:jmeter-plugins-casutg (Custom Thread Groups)");
    BY_PREFIX.put("com.blazemeter.jmeter.threads.", "kg.apc:jmeter-plugins-casutg "
        + "(Custom Thread Groups)");
    BY_PREFIX.put("kg.apc.jmeter.timers.", "kg.apc:jmeter-plugins-tst (Throughput Shaping Timer)");
    BY_PREFIX.put("kg.apc.jmeter.samplers.DummySampler", "kg.apc:jmeter-plugins-dummy");
    BY_PREFIX.put("kg.apc.jmeter.perfmon.", "kg.apc:jmeter-plugins-perfmon (PerfMon)");
    BY_PREFIX.put("kg.apc.jmeter.vizualizers.", "kg.apc:jmeter-plugins-graphs-basic (graphs; "
        + "GUI-only, better deleted from the plan)");
    BY_PREFIX.put("kg.apc.jmeter.jmxmon.", "kg.apc:jmeter-plugins-jmxmon (JMXMon)");
    BY_PREFIX.put("kg.apc.jmeter.", "the kg.apc:jmeter-plugins-* artifact that holds it "
        + "(jmeter-plugins.org lists which)");
    BY_PREFIX.put("com.blazemeter.jmeter.RandomCSVDataSetConfig",
        "com.blazemeter:jmeter-plugins-random-csv-data-set");
    BY_PREFIX.put("com.blazemeter.jmeter.controller.", "com.blazemeter:jmeter-parallel");
    BY_PREFIX.put("eu.luminis.jmeter.wssampler.", "net.luminis.jmeter:jmeter-websocket-samplers");
  }

  private PluginHints() {
  }

  /** The fix sentence for a class that is not on the class path. */
  static String forClass(String className) {
    for (Map.Entry<String, String> hint : BY_PREFIX.entrySet()) {
      if (className.startsWith(hint.getKey())) {
        return "add the plugin " + hint.getValue() + " as a test dependency in pom.xml "
            + "(built for JMeter 5.6.x), or remove the element from the plan"
            + " (-Dperf.jmx.plugins=auto fetches the plugins the suite knows).";
      }
    }
    return "add the JMeter plugin jar that provides " + className + " as a test dependency in "
        + "pom.xml (built for JMeter 5.6.x), or remove the element from the plan.";
  }
}
