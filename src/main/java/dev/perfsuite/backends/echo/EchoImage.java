package dev.perfsuite.backends.echo;

import dev.perfsuite.backends.ContainerImages;
import dev.perfsuite.backends.ImageUnavailableException;
import dev.perfsuite.config.Versions;
import dev.perfsuite.echo.EchoBackendMain;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.images.builder.ImageFromDockerfile;
import org.testcontainers.images.builder.Transferable;

/**
 * The echo backend's image, built where it is needed. It holds the suite's own echo classes and
 * Netty's jars as found on the running class path (this repository's {@code target/classes}, or the
 * perf-suite jar a project depends on), on the public JRE image {@link Versions#JRE_IMAGE}. Tagged
 * by a hash of everything in the build context, so an unchanged suite builds once per Docker
 * engine.
 *
 * @param baseImage the image the Dockerfile starts {@code FROM}
 * @param files every file of the build context by its path in the context, the Dockerfile
 *     included
 */
public record EchoImage(String baseImage, SortedMap<String, byte[]> files) {
  private static final Logger LOG = LoggerFactory.getLogger(EchoImage.class);
  private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(5);
  private static final String REPOSITORY = Versions.ECHO_IMAGE.replaceFirst(":[^:/]*$", "");
  /** What the shaded echo jar takes of the suite's classes (pom.xml, echo-backend-jar). */
  private static final Predicate<String> ECHO_CLASSES = path ->
      path.startsWith("dev/perfsuite/echo/") && !path.endsWith("/")
          || path.equals("dev/perfsuite/config/Versions.class")
          || path.startsWith("dev/perfsuite/config/settings/EchoStall")
          || path.equals("dev/perfsuite/versions.properties");
  /** One class of each Netty module the echo backend loads, to find that module's jar. */
  private static final List<String> NETTY_MODULES = List.of("io.netty.util.ReferenceCounted",
      "io.netty.buffer.Unpooled", "io.netty.resolver.AddressResolverGroup",
      "io.netty.bootstrap.ServerBootstrap", "io.netty.handler.codec.ByteToMessageDecoder",
      "io.netty.handler.codec.http.HttpServerCodec",
      "io.netty.handler.codec.http2.Http2FrameCodec", "io.netty.handler.ssl.SslHandler",
      "io.netty.channel.unix.Errors");

  public EchoImage {
    files = Collections.unmodifiableSortedMap(new TreeMap<>(files));
  }

  /**
   * The build context from the running class path on {@code baseImage}.
   *
   * @throws IllegalStateException when the echo classes or a Netty jar cannot be read
   */
  public static EchoImage fromClassPath(String baseImage) {
    SortedMap<String, byte[]> files = new TreeMap<>();
    echoClasses(codeSource(EchoBackendMain.class)).forEach((path, bytes) ->
        files.put("classes/" + path, bytes));
    for (String marker : NETTY_MODULES) {
      Class<?> type;
      try {
        type = Class.forName(marker, false, EchoImage.class.getClassLoader());
      } catch (ClassNotFoundException optional) {
        continue;
      }
      Path jar = codeSource(type);
      files.put("lib/" + jar.getFileName(), read(jar));
    }
    files.put("Dockerfile", dockerfile(baseImage).getBytes(StandardCharsets.UTF_8));
    return new EchoImage(baseImage, files);
  }

  /**
   * The image to run for {@code configured} ({@code perf.echo.image}). A name other than the
   * default must be on the engine or pullable; the default wins when a local build has it (such as
   * {@code .ci/docker-setup.sh}'s); otherwise the image is built from the class path on
   * {@link Versions#JRE_IMAGE}, once per content hash.
   *
   * @throws ImageUnavailableException when the image can be neither found nor built, naming why
   */
  public static String resolve(String configured) {
    if (!configured.equals(Versions.ECHO_IMAGE)) {
      ContainerImages.requireAvailable(configured, "perf.echo.image");
      LOG.info("Echo backend image {} (perf.echo.image)", configured);
      return configured;
    }
    if (ContainerImages.present(configured)) {
      LOG.info("Echo backend image {} (pre-built, on this Docker engine)", configured);
      return configured;
    }
    return fromClassPath(Versions.JRE_IMAGE).build();
  }

  /** {@code perf-suite/echo-backend:<first 16 hex digits of the context's SHA-256>}. */
  public String tag() {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      files.forEach((path, bytes) -> {
        digest.update(path.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
        digest.update((byte) 0);
        digest.update(bytes);
      });
      return REPOSITORY + ":" + HexFormat.of().formatHex(digest.digest()).substring(0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /**
   * The tag, built first unless the engine has it.
   *
   * @throws ImageUnavailableException when the base image is not there and cannot be pulled, or
   *     the build fails
   */
  public String build() {
    String tag = tag();
    if (ContainerImages.present(tag)) {
      LOG.info("Echo backend image {} (built earlier from {}, same content)", tag, baseImage);
      return tag;
    }
    String why = "the echo backend's image " + tag + " could not be built from " + baseImage;
    String fix = ". Fix: docker pull " + baseImage + " where a registry answers, set "
        + "perf.echo.image to an echo image this engine has (docker/echo-backend/Dockerfile), "
        + "or use -Dperf.backends=embedded";
    try {
      ContainerImages.requireAvailable(baseImage, "base of the echo image");
    } catch (ImageUnavailableException e) {
      throw new ImageUnavailableException(why + ": its base image is not on this engine and "
          + "could not be pulled" + fix, e);
    }
    long begin = System.nanoTime();
    ImageFromDockerfile image = new ImageFromDockerfile(tag, false);
    files.forEach((path, bytes) -> image.withFileFromTransferable(path, Transferable.of(bytes)));
    try {
      image.get(BUILD_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (TimeoutException | RuntimeException e) {
      Throwable cause = e.getCause() != null && !(e instanceof TimeoutException) ? e.getCause() : e;
      throw new ImageUnavailableException(why + ": " + cause + fix, cause);
    }
    LOG.info("Echo backend image {} built from {} in {} ms ({} files, tagged by content hash)",
        tag, baseImage, (System.nanoTime() - begin) / 1_000_000, files.size());
    return tag;
  }

  static String dockerfile(String baseImage) {
    int port = Versions.ECHO_PORT;
    return "# The echo backend, built by perf-suite from its own classes (EchoImage).\n"
        + "FROM " + baseImage + "\n"
        + "COPY lib/ /opt/perf-suite/lib/\n"
        + "COPY classes/ /opt/perf-suite/classes/\n"
        + "EXPOSE " + port + "\n"
        // Not root (numeric, so Kubernetes' runAsNonRoot can check it; no passwd entry needed).
        + "USER 10001:10001\n"
        + "ENTRYPOINT [\"java\", \"-cp\", \"/opt/perf-suite/classes:/opt/perf-suite/lib/*\", \""
        + EchoBackendMain.class.getName() + "\"]\n"
        // All interfaces of the container's own network: the host maps the port on loopback.
        + "CMD [\"--port\", \"" + port + "\", \"--host\", \"0.0.0.0\"]\n";
  }

  /** The echo backend's classes from a classes directory or a jar, by their path inside it. */
  static SortedMap<String, byte[]> echoClasses(Path codeSource) {
    SortedMap<String, byte[]> classes = new TreeMap<>();
    try {
      if (Files.isDirectory(codeSource)) {
        try (Stream<Path> walk = Files.walk(codeSource)) {
          for (Path file : walk.filter(Files::isRegularFile).toList()) {
            String path = codeSource.relativize(file).toString().replace('\\', '/');
            if (ECHO_CLASSES.test(path)) {
              classes.put(path, Files.readAllBytes(file));
            }
          }
        }
      } else {
        try (JarFile jar = new JarFile(codeSource.toFile())) {
          for (var entry : Collections.list(jar.entries())) {
            if (ECHO_CLASSES.test(entry.getName())) {
              try (InputStream in = jar.getInputStream(entry)) {
                classes.put(entry.getName(), in.readAllBytes());
              }
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the echo backend's classes from " + codeSource,
          e);
    }
    if (!classes.containsKey(EchoBackendMain.class.getName().replace('.', '/') + ".class")) {
      throw new IllegalStateException("no " + EchoBackendMain.class.getName() + " in "
          + codeSource);
    }
    return classes;
  }

  private static Path codeSource(Class<?> type) {
    var source = type.getProtectionDomain().getCodeSource();
    if (source == null || source.getLocation() == null) {
      throw new IllegalStateException("no code source for " + type.getName()
          + "; the echo image is built from the class path's jars and classes directories");
    }
    try {
      return Path.of(source.getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("code source of " + type.getName() + ": " + e, e);
    }
  }

  private static byte[] read(Path jar) {
    try {
      return Files.readAllBytes(jar);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + jar, e);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof EchoImage that && baseImage.equals(that.baseImage)
        && tag().equals(that.tag());
  }

  @Override
  public int hashCode() {
    return tag().hashCode();
  }

  @Override
  public String toString() {
    return "EchoImage[" + tag() + " FROM " + baseImage + ", " + files.size() + " files]";
  }
}
