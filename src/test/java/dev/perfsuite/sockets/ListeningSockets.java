package dev.perfsuite.sockets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The TCP sockets listening in this machine's network namespace, read from
 * {@code /proc/net/tcp} and {@code /proc/net/tcp6} (Linux only).
 *
 * <p>The files list every process's sockets, child processes' included (an embedded
 * PostgreSQL), so tests find a component's listener by its port.
 */
public final class ListeningSockets {
  private static final String LISTEN = "0A";

  private ListeningSockets() {
  }

  /** One listening socket: the address it is bound to and its port. */
  public record Listener(InetAddress address, int port) {
    /** Whether it listens on every interface ({@code 0.0.0.0} or {@code ::}). */
    public boolean wildcard() {
      return address.isAnyLocalAddress();
    }

    @Override
    public String toString() {
      return (address.getHostAddress().contains(":") ? "[" + address.getHostAddress() + "]"
          : address.getHostAddress()) + ":" + port;
    }
  }

  /** Whether this machine has the files (Linux). */
  public static boolean readable() {
    return Files.isReadable(Path.of("/proc/net/tcp"));
  }

  /** Every listening socket, IPv4 and IPv6. */
  public static List<Listener> all() {
    List<Listener> listeners = new ArrayList<>();
    for (String file : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      Path path = Path.of(file);
      if (!Files.isReadable(path)) {
        continue;
      }
      try {
        for (String line : Files.readAllLines(path)) {
          parse(line.trim()).ifPresent(listeners::add);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + file, e);
      }
    }
    return listeners;
  }

  /** The sockets listening on {@code port}, on any address. */
  public static List<Listener> onPort(int port) {
    return all().stream().filter(l -> l.port() == port).toList();
  }

  /** One line of the file ({@code sl local_address rem_address st ...}); empty unless listening. */
  static Optional<Listener> parse(String line) {
    String[] fields = line.split("\\s+");
    if (fields.length < 4 || !fields[0].endsWith(":") || !LISTEN.equals(fields[3])) {
      return Optional.empty();
    }
    String[] local = fields[1].split(":");
    return Optional.of(new Listener(address(local[0]), Integer.parseInt(local[1], 16)));
  }

  /** The kernel writes each 32-bit word of the address in host (little-endian) byte order. */
  static InetAddress address(String hex) {
    byte[] bytes = new byte[hex.length() / 2];
    for (int word = 0; word < bytes.length / 4; word++) {
      for (int i = 0; i < 4; i++) {
        int at = (word * 4 + (3 - i)) * 2;
        bytes[word * 4 + i] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
      }
    }
    try {
      return InetAddress.getByAddress(bytes);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("not an address: " + hex, e);
    }
  }
}
