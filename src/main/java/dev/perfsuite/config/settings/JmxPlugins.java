package dev.perfsuite.config.settings;

/** Whether the JMeter plugins a JMX plan uses are fetched for its run. */
public enum JmxPlugins {
  /** Plugins the plan's elements and functions name are resolved through Maven into a cache. */
  AUTO,
  /** Nothing is fetched: a plan needing a plugin not on the class path is refused with the fix. */
  OFF
}
