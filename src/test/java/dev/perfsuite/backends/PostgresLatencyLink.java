package dev.perfsuite.backends;

import dev.perfsuite.backends.postgres.PostgresEndpoint;
import dev.perfsuite.backends.postgres.PostgresServer;
import dev.perfsuite.config.BackendSettings;
import dev.perfsuite.config.Versions;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import org.testcontainers.containers.Network;
import org.testcontainers.toxiproxy.ToxiproxyContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * A PostgreSQL reached through a link with a fixed latency in each direction: the physical model
 * of a database on another machine. Every round trip on a connection through
 * {@link #endpoint()} costs {@code 2 x latency} more; the SQL itself runs for real.
 *
 * <p>Under Testcontainers: a PostgreSQL container and a Toxiproxy container on one network, with
 * Toxiproxy's {@code latency} toxic (no jitter) upstream and downstream. The Toxiproxy image is
 * the local build of {@code docker/toxiproxy/build.sh} where the engine has it, else Shopify's
 * published {@code ghcr.io/shopify/toxiproxy} of the same release. Embedded: the run's
 * PostgreSQL behind an in-JVM {@link LatencyProxy} with the same semantics.
 *
 * <p>A lifecycle object; {@link #close()} stops what it started (not the run's own PostgreSQL).
 */
public final class PostgresLatencyLink implements AutoCloseable {
  /** The locally built Toxiproxy image ({@code docker/toxiproxy/build.sh}). */
  public static final String TOXIPROXY_IMAGE = Versions.TOXIPROXY_IMAGE;
  private static final int PROXY_PORT = 8666;
  private static final String ALIAS = "otp-postgres";

  private final PostgresEndpoint endpoint;
  private final Duration latency;
  private final String mechanism;
  private final AutoCloseable[] started;

  private PostgresLatencyLink(PostgresEndpoint endpoint, Duration latency, String mechanism,
      AutoCloseable... started) {
    this.endpoint = endpoint;
    this.latency = latency;
    this.mechanism = mechanism;
    this.started = started;
  }

  /**
   * Starts the link with the provider {@code backends} resolved.
   *
   * @param latency one-way latency added to each direction; zero is a plain link
   * @param toxiproxyImage the Toxiproxy image (Testcontainers only)
   */
  public static PostgresLatencyLink start(Backends backends, BackendSettings settings,
      Duration latency, String toxiproxyImage) {
    Objects.requireNonNull(latency, "latency");
    if (backends.provider().provider() == Provider.TESTCONTAINERS) {
      return startContainers(settings, latency, toxiproxyImage);
    }
    PostgresEndpoint direct = backends.postgres();
    LatencyProxy proxy = LatencyProxy.start(direct.host(), direct.port(), latency);
    return new PostgresLatencyLink(new PostgresEndpoint("127.0.0.1", proxy.port(),
        direct.database(), direct.username(), direct.password()), latency,
        "in-JVM latency proxy (embedded provider)", proxy);
  }

  private static PostgresLatencyLink startContainers(BackendSettings settings, Duration latency,
      String configured) {
    // The default names the local build; where it is missing, Shopify's published image.
    String image = configured.equals(Versions.TOXIPROXY_IMAGE)
        ? ContainerImages.localOr(Versions.TOXIPROXY_IMAGE, Versions.TOXIPROXY_PUBLIC_IMAGE)
        : configured;
    Network network = Network.newNetwork();
    PostgresServer postgres = null;
    ToxiproxyContainer toxiproxy = null;
    try {
      postgres = PostgresServer.start(settings, "otp", network, ALIAS);
      toxiproxy = new ToxiproxyContainer(DockerImageName.parse(image)
          .asCompatibleSubstituteFor("ghcr.io/shopify/toxiproxy"))
          .withNetwork(network);
      toxiproxy.start();
      ToxiproxyClient client = new ToxiproxyClient(toxiproxy.getHost(),
          toxiproxy.getControlPort());
      Proxy proxy = client.createProxy("postgres", "0.0.0.0:" + PROXY_PORT,
          ALIAS + ":" + PostgresServer.CONTAINER_PORT);
      if (!latency.isZero()) {
        proxy.toxics().latency("latency-down", ToxicDirection.DOWNSTREAM, latency.toMillis());
        proxy.toxics().latency("latency-up", ToxicDirection.UPSTREAM, latency.toMillis());
      }
      PostgresEndpoint direct = postgres.endpoint();
      PostgresEndpoint linked = new PostgresEndpoint(toxiproxy.getHost(),
          toxiproxy.getMappedPort(PROXY_PORT), direct.database(), direct.username(),
          direct.password());
      return new PostgresLatencyLink(linked, latency, "Toxiproxy " + image
          + " latency toxic up- and downstream (Testcontainers)", toxiproxy, postgres,
          network::close);
    } catch (IOException | RuntimeException e) {
      if (toxiproxy != null) {
        toxiproxy.stop();
      }
      if (postgres != null) {
        postgres.close();
      }
      network.close();
      throw new BackendException("PostgreSQL behind Toxiproxy did not start (" + e.getMessage()
          + "). Fix: build the image with docker/toxiproxy/build.sh, or run with "
          + "-Dperf.backends=embedded for the in-JVM latency proxy", e);
    }
  }

  /** Where the service connects: the proxy, in front of the database. */
  public PostgresEndpoint endpoint() {
    return endpoint;
  }

  /** The one-way latency added to each direction. */
  public Duration latency() {
    return latency;
  }

  /** What adds the latency, e.g. {@code Toxiproxy ... (Testcontainers)}. */
  public String mechanism() {
    return mechanism;
  }

  @Override
  public void close() {
    for (AutoCloseable resource : started) {
      try {
        resource.close();
      } catch (Exception e) {
        System.out.println("latency link: stopping " + resource + " failed: " + e.getMessage());
      }
    }
  }
}
