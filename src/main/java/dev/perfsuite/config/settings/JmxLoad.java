package dev.perfsuite.config.settings;

/** Who drives a JMX plan's load: its own thread groups, or the suite's profile. */
public enum JmxLoad {
  /** The plan's thread groups run as written. */
  PLAN,
  /** Each thread group's samplers run under the suite's profile ({@code perf.profile}, ...). */
  PROFILE
}
