package dev.perfsuite.engines.remote;

import dev.perfsuite.engines.EngineAddress;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Whether remote engines answer on their RMI registry port. A plain TCP connect with a short
 * timeout tells a dead or unreachable engine within seconds instead of after RMI's own timeouts
 * (minutes for an unroutable host).
 */
final class EngineReachability {

  private EngineReachability() {
  }

  /** Why {@code engine} ({@code host:port}) does not accept a connection, or empty when it does. */
  static Optional<String> problem(String engine, Duration timeout) {
    try (Socket socket = new Socket()) {
      socket.connect(EngineAddress.parse(engine).socketAddress(), (int) timeout.toMillis());
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of(e.getClass().getSimpleName() + (e.getMessage() == null ? ""
          : ": " + e.getMessage()));
    }
  }

  /** Every engine that does not answer within {@code timeout}, probed in parallel, with why. */
  static Map<String, String> unreachable(List<String> engines, Duration timeout) {
    Map<String, CompletableFuture<Optional<String>>> probes = new LinkedHashMap<>();
    engines.forEach(e -> probes.put(e, CompletableFuture.supplyAsync(() -> problem(e, timeout))));
    Map<String, String> result = new LinkedHashMap<>();
    probes.forEach((engine, probe) -> probe.join().ifPresent(why -> result.put(engine, why)));
    return result;
  }

  /** "host:port (why)" for each entry, for messages. */
  static String describe(Map<String, String> problems) {
    List<String> parts = new ArrayList<>();
    problems.forEach((engine, why) -> parts.add(engine + " (" + why + ")"));
    return String.join(", ", parts);
  }
}
