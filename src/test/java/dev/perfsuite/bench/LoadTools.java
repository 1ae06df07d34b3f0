package dev.perfsuite.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The other load tools of the comparison: wrk (Debian) and k6 when installed; each returns req/s
 * or empty with the reason recorded, so a missing tool is a message in the table, not a failure.
 */
final class LoadTools {
  private static final Pattern WRK_RPS = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
  private static final Pattern K6_RPS =
      Pattern.compile("http_reqs[.:\\s]+\\d+\\s+([0-9.]+)/s");

  private LoadTools() {
  }

  /** Result of an external tool: req/s and the CPU it used per request, in microseconds. */
  record ToolResult(double rps, double cpuUsPerRequest) {
  }

  /** wrk with 2 threads (one per core here) and {@code connections} keep-alive connections. */
  static Optional<ToolResult> wrk(BenchSettings settings, Path wrk, URI target, int connections,
      int bodyBytes, String name) {
    List<String> command = new ArrayList<>(List.of(wrk.toString(), "-t2",
        "-c" + connections, "-d" + settings.duration().toSeconds() + "s"));
    if (bodyBytes > 0) {
      Path script = settings.out().resolve("wrk-post-" + bodyBytes + ".lua");
      write(script, "wrk.method = \"POST\"\nwrk.body = '" + BenchPayload.json(bodyBytes)
          + "'\nwrk.headers[\"Content-Type\"] = \"application/json\"\n");
      command.add("-s");
      command.add(script.toString());
    }
    command.add(target.toString());
    long before = reapedChildTicks();
    OptionalDouble rps = parse(run(settings, command, name), WRK_RPS);
    double cpuSeconds = (reapedChildTicks() - before) / 100.0;
    return rps.isPresent() ? Optional.of(new ToolResult(rps.getAsDouble(), cpuSeconds * 1e6
        / (rps.getAsDouble() * settings.duration().toSeconds()))) : Optional.empty();
  }

  /** k6 with {@code vus} virtual users, no sleep; empty when k6 is not installed. */
  static OptionalDouble k6(BenchSettings settings, Path k6, URI target, int vus, int bodyBytes,
      String name) {
    Path script = settings.out().resolve("k6-" + bodyBytes + ".js");
    write(script, bodyBytes > 0
        ? "import http from 'k6/http';\nconst body = '" + BenchPayload.json(bodyBytes) + "';\n"
            + "export default function () { http.post('" + target + "', body, "
            + "{ headers: { 'Content-Type': 'application/json' } }); }\n"
        : "import http from 'k6/http';\nexport default function () { http.get('" + target
            + "'); }\n");
    return parse(run(settings, List.of(k6.toString(), "run", "--quiet", "--vus",
        Integer.toString(vus), "--duration", settings.duration().toSeconds() + "s",
        script.toString()), name), K6_RPS);
  }

  /**
   * CPU ticks (user + system, 1/100 s) of this JVM's children that have been reaped: read before
   * and after a tool run, the difference is the tool's CPU, as no other child ends meanwhile.
   */
  private static long reapedChildTicks() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(f[13]) + Long.parseLong(f[14]);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  private static Optional<String> run(BenchSettings settings, List<String> command, String name) {
    Path log = settings.out().resolve("logs").resolve(name + ".log");
    try {
      Files.createDirectories(log.getParent());
      Process process = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(log.toFile()).start();
      if (!process.waitFor(settings.duration().plus(Duration.ofSeconds(60)).toSeconds(),
          TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
        return Optional.empty();
      }
      return Optional.of(Files.readString(log));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + command.get(0), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  private static OptionalDouble parse(Optional<String> output, Pattern pattern) {
    if (output.isEmpty()) {
      return OptionalDouble.empty();
    }
    Matcher m = pattern.matcher(output.get());
    return m.find() ? OptionalDouble.of(Double.parseDouble(m.group(1))) : OptionalDouble.empty();
  }

  private static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
