package dev.perfsuite.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Versions, image names and port defaults declared once in {@code pom.xml} and read here from the
 * filtered {@code dev/perfsuite/versions.properties}.
 *
 * <p>Uses nothing but the JDK: the echo backend's small jar carries this class too. A value still
 * reading {@code ${...}} means the resource was not filtered (a build outside Maven): loading
 * fails then rather than hand an image name like {@code ${image.postgres}} to Docker.
 */
public final class Versions {
  private static final String RESOURCE = "/dev/perfsuite/versions.properties";
  private static final Properties VALUES = load();

  /** Keycloak release of the distribution zip and both images. */
  public static final String KEYCLOAK = value("keycloak.version");
  /** WireMock release of the embedded stubs and both images. */
  public static final String WIREMOCK = value("wiremock.version");
  /** Official PostgreSQL image, default of {@code perf.postgres.image}. */
  public static final String POSTGRES_IMAGE = value("image.postgres");
  /** Official Keycloak image, default of {@code perf.keycloak.image}. */
  public static final String KEYCLOAK_IMAGE = value("image.keycloak");
  /** Official WireMock image, default of {@code perf.stubs.image}. */
  public static final String WIREMOCK_IMAGE = value("image.wiremock");
  /** The echo backend's image (built from docker/echo-backend), default of perf.echo.image. */
  public static final String ECHO_IMAGE = value("image.local.echo-backend");
  /** The public JRE image the suite builds its own images on where they are missing. */
  public static final String JRE_IMAGE = value("image.jre");
  /** The local JRE image the other local images build on. */
  public static final String LOCAL_JRE_IMAGE = value("image.local.jre");
  /** The local Java 25 runtime image (a copy of the machine's JDK 25), where one was built. */
  public static final String LOCAL_JRE25_IMAGE = value("image.local.jre25");
  /** The local remote-engine image on Java 25, where {@code .ci/docker-setup.sh} built one. */
  public static final String LOCAL_ENGINE_JAVA25_IMAGE = value("image.local.remote-engine-java25");
  /** Toxiproxy's release, built from source by {@code docker/toxiproxy/build.sh}. */
  public static final String TOXIPROXY = value("toxiproxy.version");
  /** Shopify's published Toxiproxy image, used where the local build is missing. */
  public static final String TOXIPROXY_PUBLIC_IMAGE = value("image.toxiproxy");
  /** The locally built Toxiproxy image ({@code docker/toxiproxy/build.sh}). */
  public static final String TOXIPROXY_IMAGE = value("image.local.toxiproxy");
  /** The suite's own version, which a controller and its remote engines must share. */
  public static final String SUITE = value("perf-suite.version");
  /** maven-dependency-plugin's version, for the Maven runs the suite starts itself. */
  public static final String DEPENDENCY_PLUGIN = value("dependency-plugin.version");
  /** Port the echo backend listens on when none is given, also inside its container. */
  public static final int ECHO_PORT = Integer.parseInt(value("echo.port"));

  private Versions() {
  }

  private static Properties load() {
    Properties properties = new Properties();
    try (InputStream in = Versions.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is not on the class path; build with Maven");
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
    return properties;
  }

  private static String value(String key) {
    String value = VALUES.getProperty(key);
    if (value == null || value.isBlank() || value.contains("${")) {
      throw new IllegalStateException(RESOURCE + " has no filtered value for " + key + " (found '"
          + value + "'); rebuild with Maven (mvn process-resources)");
    }
    return value.trim();
  }
}
