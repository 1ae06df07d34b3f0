package dev.perfsuite.config.settings;

/**
 * Which client JMeter's HTTP samplers send with ({@code perf.http.client}): {@link #JMETER}, its
 * own HttpClient 4 (the default until the suite's client has proved equal), or {@link #SUITE},
 * the suite's client on a shared event loop ({@code dev.perfsuite.http}).
 */
public enum HttpClientKind {
  SUITE,
  JMETER
}
