/**
 * An HTTP/1.1 echo backend on Netty, reproducing WSO2's {@code netty-http-echo-service}: any method
 * and path get {@code 200} with the exact request body and its {@code Content-Type}.
 *
 * <p>In a test, start it with {@link dev.perfsuite.echo.EchoBackend#start(EchoOptions)}; in a
 * container, run {@code java -jar perf-suite-echo.jar --help}
 * ({@link dev.perfsuite.echo.EchoBackendMain}). This package uses only Netty, the JDK and
 * {@link dev.perfsuite.config.Versions} (for the default port), because it is shaded alone into
 * that small jar.
 */
package dev.perfsuite.echo;
