/**
 * The suite's own HTTP client under JMeter's HTTP sampler ({@code perf.http.client=suite}).
 *
 * <p>One Netty event loop shared by every user (threads = cores), each JMeter user keeping its
 * own keep-alive connections, and a sampler ({@link dev.perfsuite.http.SuiteHttpSampler}) that
 * extends JMeter's {@code HTTPSamplerBase}, so that Header, Cookie, Cache and Authorization
 * Managers and the sampler's arguments work as they do with HttpClient 4.
 * {@link dev.perfsuite.http.ClientSwap} puts it in a built tree in place of JMeter's samplers.
 *
 * <p>Imports no suite package: the engines apply it to the tree they run.
 */
package dev.perfsuite.http;
