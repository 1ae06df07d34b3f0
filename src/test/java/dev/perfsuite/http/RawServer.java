package dev.perfsuite.http;

import dev.perfsuite.http.RecordingServer.Recorded;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A loopback server that answers every request with the same bytes, written as given, then
 * closes the connection: for the answers the JDK's server will not write (a body ended by the
 * close, an interim {@code 100 Continue}). Records each request as {@link RecordingServer} does.
 */
final class RawServer implements AutoCloseable {
  private final ServerSocket socket;
  private final byte[] answer;
  private final ConcurrentLinkedQueue<Recorded> requests = new ConcurrentLinkedQueue<>();

  RawServer(String answer) throws IOException {
    this.answer = answer.getBytes(StandardCharsets.ISO_8859_1);
    socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::serve, "raw-server");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return socket.getLocalPort();
  }

  List<Recorded> take() {
    List<Recorded> taken = List.copyOf(requests);
    requests.clear();
    return taken;
  }

  private void serve() {
    while (!socket.isClosed()) {
      try (Socket connection = socket.accept()) {
        connection.setSoTimeout(5000);
        requests.add(read(connection));
        connection.getOutputStream().write(answer);
        connection.getOutputStream().flush();
      } catch (IOException closedOrBroken) {
        if (socket.isClosed()) {
          return;
        }
      }
    }
  }

  private static Recorded read(Socket connection) throws IOException {
    InputStream in = connection.getInputStream();
    List<String> lines = new ArrayList<>();
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    int b;
    while ((b = in.read()) != -1) {
      if (b == '\n') {
        String text = line.toString(StandardCharsets.ISO_8859_1).stripTrailing();
        line.reset();
        if (text.isEmpty()) {
          break;
        }
        lines.add(text);
      } else {
        line.write(b);
      }
    }
    String[] requestLine = lines.get(0).split(" ");
    Map<String, List<String>> headers = new TreeMap<>();
    for (String header : lines.subList(1, lines.size())) {
      int colon = header.indexOf(':');
      headers.computeIfAbsent(header.substring(0, colon).toLowerCase(Locale.ROOT),
          k -> new ArrayList<>()).add(header.substring(colon + 1).strip());
    }
    List<String> length = headers.get("content-length");
    byte[] body = length == null ? new byte[0] : in.readNBytes(Integer.parseInt(length.get(0)));
    return new Recorded(requestLine[0], requestLine[1], headers, body, connection.getPort());
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
