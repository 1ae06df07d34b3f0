package dev.perfsuite.engines.remote;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP sockets a process listens on, read from Linux's {@code /proc}: the socket inodes among
 * {@code /proc/PID/fd}, looked up in {@code /proc/net/tcp} and {@code /proc/net/tcp6} in state
 * {@code 0A} (LISTEN). What {@code ss -ltnp} shows, without needing it.
 */
public final class ListeningSockets {
  private static final String LISTEN = "0A";

  private ListeningSockets() {
  }

  /** One listening socket: the local address and port. */
  public record Listener(InetAddress address, int port) {
    public boolean wildcard() {
      return address.isAnyLocalAddress();
    }

    @Override
    public String toString() {
      return (wildcard() ? "*" : address.getHostAddress()) + ":" + port;
    }
  }

  /** Every TCP socket process {@code pid} listens on. */
  public static List<Listener> of(long pid) throws IOException {
    Set<String> inodes = new HashSet<>();
    try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(pid), "fd"))) {
      for (Path fd : fds.toList()) {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          if (target.startsWith("socket:[")) {
            inodes.add(target.substring(8, target.length() - 1));
          }
        } catch (NoSuchFileException e) {
          // Closed meanwhile.
        }
      }
    }
    List<Listener> listeners = new ArrayList<>();
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      Path file = Path.of(table);
      if (!Files.exists(file)) {
        continue;
      }
      for (String line : Files.readAllLines(file).stream().skip(1).toList()) {
        String[] f = line.trim().split("\\s+");
        if (f.length > 9 && LISTEN.equals(f[3]) && inodes.contains(f[9])) {
          String[] local = f[1].split(":");
          listeners.add(new Listener(address(local[0]), Integer.parseInt(local[1], 16)));
        }
      }
    }
    return listeners;
  }

  /** The kernel's hex address: 32-bit words in host (little-endian) order. */
  private static InetAddress address(String hex) throws UnknownHostException {
    byte[] raw = HexFormat.of().parseHex(hex);
    byte[] bytes = new byte[raw.length];
    for (int word = 0; word < raw.length; word += 4) {
      for (int i = 0; i < 4; i++) {
        bytes[word + i] = raw[word + 3 - i];
      }
    }
    return InetAddress.getByAddress(bytes);
  }
}
