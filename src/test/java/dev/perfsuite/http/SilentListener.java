package dev.perfsuite.http;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback listener that accepts every connection and never reads or answers on it: a TLS
 * handshake to it waits, and a connection to it stays open, until the listener closes.
 */
final class SilentListener implements AutoCloseable {
  private final ServerSocket socket;
  private final List<Socket> held = new CopyOnWriteArrayList<>();

  SilentListener() throws IOException {
    socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread holder = new Thread(this::holdEach, "silent-listener");
    holder.setDaemon(true);
    holder.start();
  }

  private void holdEach() {
    while (!socket.isClosed()) {
      try {
        held.add(socket.accept());
      } catch (IOException closed) {
        return;
      }
    }
  }

  int port() {
    return socket.getLocalPort();
  }

  @Override
  public void close() throws IOException {
    socket.close();
    for (Socket connection : held) {
      connection.close();
    }
  }
}
