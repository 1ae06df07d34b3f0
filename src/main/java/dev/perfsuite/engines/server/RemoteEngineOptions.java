package dev.perfsuite.engines.server;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Command line of the remote-engine launcher ({@code java -jar perf-suite-remote-engine.jar}).
 *
 * @param port RMI registry port the controller connects to (its {@code perf.remotes} entry)
 * @param rmiPort port of the engine's RMI object, {@code port + 1} unless given (JMeter's SSL
 *     socket factories cannot share the registry's port); a firewall or container opens both
 * @param hostname address the controller uses to reach this engine
 *     ({@code java.rmi.server.hostname}); empty lets JMeter pick the host's address
 * @param ssl RMI over SSL; {@code --no-ssl} turns it off explicitly
 * @param keystore JKS keystore shared with the controller (password from
 *     {@code PERF_RMI_KEYSTORE_PASSWORD})
 * @param keyAlias alias of the key pair in the keystore
 * @param classpath extra jars or class directories (the scenarios' test classes, for example);
 *     the launcher restarts itself with them on the class path
 * @param readyFile a file written once the engine accepts connections (a Kubernetes readiness
 *     probe tests it), deleted when the engine stops; empty for none
 * @param trustedNetwork {@code --trusted-network}: the operator vouches for every host that can
 *     reach the engine, which lets it listen beyond loopback without SSL
 */
public record RemoteEngineOptions(int port, int rmiPort, Optional<String> hostname, boolean ssl,
    Path keystore, String keyAlias, List<String> classpath, Optional<Path> readyFile,
    boolean trustedNetwork) {

  static final String USAGE = String.join("\n",
      "Usage: java -jar perf-suite-remote-engine.jar [options]",
      "Starts a JMeter 5.6.3 remote engine (jmeter-server) with the perf-suite classes.",
      "  --port N          RMI registry port, the controller's perf.remotes entry (default 1099)",
      "  --rmi-port N      port of the engine's RMI object (default: --port + 1)",
      "  --hostname H      address the controller reaches this engine on",
      "                    (java.rmi.server.hostname)",
      "  --keystore PATH   JKS keystore for RMI over SSL (default rmi_keystore.jks);",
      "                    its password comes from PERF_RMI_KEYSTORE_PASSWORD or _FILE",
      "  --key-alias A     key alias in the keystore (default rmi)",
      "  --ssl             RMI over SSL (the default)",
      "  --no-ssl          RMI without SSL: only on a network where every host is trusted;",
      "                    beyond loopback it also needs --trusted-network",
      "  --trusted-network every host that reaches --hostname may run code on this engine:",
      "                    lets --no-ssl listen on an address other than loopback",
      "  --classpath CP    extra jars/directories (" + File.pathSeparator + "-separated): the",
      "                    classes a plan names (class-based scripts), e.g. a project's",
      "                    target/test-classes",
      "  --ready-file PATH a file written when the engine is ready (readiness probes)",
      "  --help            this text");

  public RemoteEngineOptions {
    classpath = List.copyOf(classpath);
  }

  /**
   * Parses the launcher's arguments.
   *
   * @throws IllegalArgumentException naming the bad option and what it accepts
   */
  public static RemoteEngineOptions parse(String... args) {
    int port = 1099;
    int rmiPort = -1;
    Optional<String> hostname = Optional.empty();
    boolean ssl = true;
    Path keystore = Path.of("rmi_keystore.jks");
    String alias = "rmi";
    List<String> classpath = new ArrayList<>();
    Optional<Path> readyFile = Optional.empty();
    boolean trusted = false;
    for (int i = 0; i < args.length; i++) {
      String option = args[i];
      switch (option) {
        case "--port" -> port = port(option, value(args, ++i, option));
        case "--rmi-port" -> rmiPort = port(option, value(args, ++i, option));
        case "--hostname" -> hostname = Optional.of(value(args, ++i, option));
        case "--keystore" -> keystore = Path.of(value(args, ++i, option));
        case "--key-alias" -> alias = value(args, ++i, option);
        case "--ssl" -> ssl = true;
        case "--no-ssl" -> ssl = false;
        case "--trusted-network" -> trusted = true;
        case "--classpath" -> classpath.addAll(Arrays.stream(value(args, ++i, option)
            .split(File.pathSeparator)).filter(s -> !s.isBlank()).toList());
        case "--ready-file" -> readyFile = Optional.of(Path.of(value(args, ++i, option)));
        default -> throw new IllegalArgumentException("unknown option '" + option + "'");
      }
    }
    if (rmiPort == -1 && port == 65535) {
      throw new IllegalArgumentException("--port 65535 leaves no room for the default --rmi-port "
          + "(--port + 1): pass --rmi-port");
    }
    if (rmiPort == port) {
      throw new IllegalArgumentException("--rmi-port must differ from --port (" + port + ")");
    }
    return new RemoteEngineOptions(port, rmiPort == -1 ? port + 1 : rmiPort, hostname, ssl,
        keystore, alias, classpath, readyFile, trusted);
  }

  /** The arguments again, without {@code --classpath}, for the restarted launcher. */
  List<String> withoutClasspath() {
    List<String> args = new ArrayList<>(List.of("--port", String.valueOf(port), "--rmi-port",
        String.valueOf(rmiPort), "--keystore", keystore.toString(), "--key-alias", keyAlias));
    hostname.ifPresent(h -> args.addAll(List.of("--hostname", h)));
    readyFile.ifPresent(f -> args.addAll(List.of("--ready-file", f.toString())));
    if (!ssl) {
      args.add("--no-ssl");
    }
    if (trustedNetwork) {
      args.add("--trusted-network");
    }
    return args;
  }

  private static String value(String[] args, int index, String option) {
    if (index >= args.length || args[index].startsWith("--")) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[index];
  }

  private static int port(String option, String value) {
    try {
      int port = Integer.parseInt(value);
      if (port < 1 || port > 65535) {
        throw new NumberFormatException();
      }
      return port;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " must be a port number (1-65535), not '"
          + value + "'");
    }
  }
}
