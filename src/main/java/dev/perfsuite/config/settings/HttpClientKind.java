package dev.perfsuite.config.settings;

/**
 * Which client JMeter's HTTP samplers send with ({@code perf.http.client}). {@link #SUITE}, the
 * default, is the suite's client on a shared event loop ({@code dev.perfsuite.http});
 * {@link #JMETER} is JMeter's own HttpClient 4.
 */
public enum HttpClientKind {
  SUITE,
  JMETER
}
