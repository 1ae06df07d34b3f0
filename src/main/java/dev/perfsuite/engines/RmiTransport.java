package dev.perfsuite.engines;

import dev.perfsuite.config.Secret;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How the controller and its remote engines talk RMI: over SSL with a shared JKS keystore, or in
 * the clear when turned off explicitly.
 *
 * <p>Both sides need the same settings: the keystore holds the key pair each side presents and is
 * also the trust store, as in JMeter's own {@code create-rmi-keystore.sh} setup.
 *
 * <p><b>Traps:</b> JMeter's SSL client socket factory travels inside every RMI stub with the
 * exporting side's keystore path and password, and the receiving side opens that path: the
 * keystore must lie at the same path on the controller and on every engine. The default, the
 * relative {@code rmi_keystore.jks}, resolves in each JVM's working directory (the project
 * directory, the container's /opt/perf-suite), which is why jmeter-java-dsl asks for it "in the
 * working directory". And JMeter reads these properties once per JVM, when its {@code RmiUtils}
 * class is first used, so every distributed run in one JVM shares the settings of the first one.
 *
 * @param ssl RMI over SSL
 * @param keystore the JKS keystore (ignored without SSL)
 * @param keyAlias the alias of the key pair in it
 * @param password the keystore password, present whenever {@code ssl} is
 * @param trustedNetwork every host that reaches the controller's callback address is trusted
 *     ({@code perf.rmi.trusted-network}); without SSL, callbacks beyond loopback need it
 */
public record RmiTransport(boolean ssl, Path keystore, String keyAlias, Optional<Secret> password,
    boolean trustedNetwork) {
  /** The environment variable holding the keystore password (or {@code _FILE} naming a file). */
  public static final String PASSWORD_VARIABLE = "PERF_RMI_KEYSTORE_PASSWORD";
  /**
   * How engines send samples back, set on the engines ({@link RemoteEngineMain}): at once from a
   * background thread, response bodies stripped. JMeter's default (StrippedBatch) holds samples
   * until 100 are queued, so a slow scenario's samples would arrive minutes late and the
   * watchdog, the progress line and live metrics would see a silent engine.
   */
  public static final Map<String, String> SAMPLE_SENDER = Map.of("mode", "StrippedAsynch",
      "asynch.batch.queue.size", "1000");

  public RmiTransport {
    Objects.requireNonNull(keystore, "keystore");
    Objects.requireNonNull(keyAlias, "keyAlias");
    Objects.requireNonNull(password, "password");
    if (ssl && password.isEmpty()) {
      throw new IllegalArgumentException("RMI over SSL needs the keystore password in "
          + PASSWORD_VARIABLE);
    }
  }

  /** RMI over SSL with the key pair {@code keyAlias} of {@code keystore}. */
  public static RmiTransport ssl(Path keystore, String keyAlias, Secret password) {
    return new RmiTransport(true, keystore, keyAlias, Optional.of(password), false);
  }

  /** RMI in the clear, on loopback only: callbacks beyond it are refused before load. */
  public static RmiTransport plain() {
    return plain(false);
  }

  /**
   * RMI in the clear; {@code trustedNetwork} vouches for every host that can reach the
   * controller's callback address, which may then lie beyond loopback.
   */
  public static RmiTransport plain(boolean trustedNetwork) {
    return new RmiTransport(false, Path.of("rmi_keystore.jks"), "rmi", Optional.empty(),
        trustedNetwork);
  }

  /** The JMeter properties that select this transport, on either side. */
  public Map<String, String> jmeterProperties() {
    Map<String, String> props = new LinkedHashMap<>();
    props.put("server.rmi.ssl.disable", String.valueOf(!ssl));
    if (ssl) {
      // As given, not absolute: see the class comment on why both sides need the same path.
      String file = keystore.toString();
      String secret = password.orElseThrow().reveal();
      props.put("server.rmi.ssl.keystore.type", "JKS");
      props.put("server.rmi.ssl.keystore.file", file);
      props.put("server.rmi.ssl.keystore.password", secret);
      props.put("server.rmi.ssl.keystore.alias", keyAlias);
      props.put("server.rmi.ssl.truststore.type", "JKS");
      props.put("server.rmi.ssl.truststore.file", file);
      props.put("server.rmi.ssl.truststore.password", secret);
    }
    return props;
  }

  @Override
  public String toString() {
    return ssl ? "RMI over SSL (keystore " + keystore + ", alias " + keyAlias + ")"
        : "RMI without SSL (perf.rmi.ssl=false)";
  }
}
