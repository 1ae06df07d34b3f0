package dev.perfsuite.http;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A loopback listener that never accepts, its queue full: Linux drops further SYNs, so connecting
 * to it waits (for the connect timeout, or the system's) without leaving loopback.
 */
final class StuckListener implements AutoCloseable {
  private final ServerSocket socket;
  private final List<Socket> filling = new ArrayList<>();

  StuckListener() throws IOException {
    socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    for (int i = 0; i < 4; i++) {
      Socket client = new Socket();
      filling.add(client);
      try {
        client.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(),
            socket.getLocalPort()), 200);
      } catch (IOException queueFull) {
        // Expected once the queue is full.
      }
    }
  }

  int port() {
    return socket.getLocalPort();
  }

  @Override
  public void close() throws IOException {
    for (Socket client : filling) {
      client.close();
    }
    socket.close();
  }
}
