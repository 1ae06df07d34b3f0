package dev.perfsuite.bench;

import dev.perfsuite.config.settings.EchoStall;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A target server in its own process on loopback: the suite's echo jar or nginx serving 1 KiB.
 *
 * <p>Separate processes keep the target's CPU and GC out of the generator's JVM; both share the
 * machine's cores with the generator all the same, as in the reference figures.
 */
final class LoopbackServer implements AutoCloseable {
  private static final Duration READY_WITHIN = Duration.ofSeconds(30);

  private final Process process;
  private final URI uri;
  private final String description;

  private LoopbackServer(Process process, URI uri, String description) {
    this.process = process;
    this.uri = uri;
    this.description = description;
  }

  /** The echo backend jar ({@code --delay} in ms) on a free loopback port. */
  static LoopbackServer echo(BenchSettings settings, Duration delay) {
    return launch(settings, delay, List.of(), "echo-" + delay.toMillis() + "ms.log",
        "echo jar, --delay " + delay.toMillis());
  }

  /**
   * The echo jar ({@code --delay} in ms) freezing on {@code stall}'s wall-clock schedule
   * ({@code --stall}), for {@link StallBench}.
   */
  static LoopbackServer echoStalling(BenchSettings settings, Duration delay,
      EchoStall stall) {
    return launch(settings, delay, List.of("--stall", stall.flag()), "echo-stall.log",
        "echo jar, --delay " + delay.toMillis() + " --stall " + stall.flag());
  }

  private static LoopbackServer launch(BenchSettings settings, Duration delay, List<String> flags,
      String logName, String description) {
    if (!Files.isRegularFile(settings.echoJar())) {
      throw new IllegalStateException("echo jar " + settings.echoJar() + " is missing. Fix: run "
          + "mvn package first (mvn -Pbench verify builds it) or set -Dbench.echo-jar=PATH");
    }
    int port = freePort();
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
        "-jar", settings.echoJar().toString(), "--host", "127.0.0.1", "--port",
        Integer.toString(port), "--delay", Long.toString(delay.toMillis())));
    command.addAll(flags);
    Path log = settings.out().resolve("logs").resolve(logName);
    return start(command, log, port, URI.create("http://127.0.0.1:" + port + "/echo"),
        description);
  }

  /** nginx ({@code nginx-light}) serving a 1 KiB file, with its own config under the bench dir. */
  static LoopbackServer nginx(BenchSettings settings, Path binary) {
    int port = freePort();
    Path prefix = settings.out().resolve("nginx").toAbsolutePath();
    Path html;
    try {
      // nginx started as root runs its workers as another user (nobody): a document root under
      // a home closed to others answered 403 to everything. Serve from a world-readable
      // directory under the system temp directory instead.
      html = Files.createTempDirectory("perf-bench-nginx-html",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
      html.toFile().deleteOnExit();
      Path file = html.resolve("1k.bin");
      Files.write(file, new byte[1024]);
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
      file.toFile().deleteOnExit();
      Files.createDirectories(prefix.resolve("logs"));
      Files.writeString(prefix.resolve("nginx.conf"), """
          daemon off;
          worker_processes auto;
          pid %1$s/nginx.pid;
          error_log %1$s/logs/error.log warn;
          events { worker_connections 4096; }
          http {
            access_log off;
            keepalive_requests 1000000;
            keepalive_timeout 120s;
            sendfile on;
            tcp_nopush on;
            client_body_temp_path %1$s/tmp-body;
            proxy_temp_path %1$s/tmp-proxy;
            fastcgi_temp_path %1$s/tmp-fastcgi;
            uwsgi_temp_path %1$s/tmp-uwsgi;
            scgi_temp_path %1$s/tmp-scgi;
            server {
              listen 127.0.0.1:%2$d;
              root %3$s;
              location / { }
            }
          }
          """.formatted(prefix, port, html));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write nginx config under " + prefix, e);
    }
    List<String> command = List.of(binary.toString(), "-p", prefix.toString(), "-c",
        prefix.resolve("nginx.conf").toString());
    return start(command, settings.out().resolve("logs").resolve("nginx.log"), port,
        URI.create("http://127.0.0.1:" + port + "/1k.bin"), "nginx-light, 1 KiB static file");
  }

  private static LoopbackServer start(List<String> command, Path log, int port, URI uri,
      String description) {
    try {
      Files.createDirectories(log.getParent());
      Process process = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(log.toFile()).start();
      long deadline = System.nanoTime() + READY_WITHIN.toNanos();
      while (System.nanoTime() < deadline && process.isAlive()) {
        try (Socket socket = new Socket()) {
          socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
          return new LoopbackServer(process, uri, description);
        } catch (IOException notYet) {
          Thread.sleep(100);
        }
      }
      process.destroyForcibly();
      throw new IllegalStateException(description + " did not listen on 127.0.0.1:" + port
          + " within " + READY_WITHIN.toSeconds() + " s; see " + log);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + description, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted starting " + description, e);
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free loopback port", e);
    }
  }

  URI uri() {
    return uri;
  }

  String description() {
    return description;
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

}
