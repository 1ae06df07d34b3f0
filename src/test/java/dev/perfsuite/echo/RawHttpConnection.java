package dev.perfsuite.echo;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One plain TCP connection speaking just enough HTTP/1.x to see what the server does with the
 * connection.
 */
final class RawHttpConnection implements AutoCloseable {

  private static final int READ_TIMEOUT_MILLIS = 5_000;

  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;

  RawHttpConnection(URI uri) throws IOException {
    socket = new Socket(uri.getHost(), uri.getPort());
    socket.setSoTimeout(READ_TIMEOUT_MILLIS);
    in = new BufferedInputStream(socket.getInputStream());
    out = socket.getOutputStream();
  }

  /** Sends a request with a body; {@code extraHeaders} are complete lines without CRLF. */
  Response exchange(String requestLine, String body, String... extraHeaders) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    StringBuilder head = new StringBuilder(requestLine).append("\r\n")
        .append("Host: localhost\r\n")
        .append("Content-Length: ").append(bytes.length).append("\r\n");
    for (String header : extraHeaders) {
      head.append(header).append("\r\n");
    }
    head.append("\r\n");
    out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
    out.write(bytes);
    out.flush();
    return readResponse();
  }

  /** True if the server closed its side: the next read sees end of stream before the timeout. */
  boolean isClosedByServer() throws IOException {
    try {
      return in.read() == -1;
    } catch (SocketTimeoutException e) {
      return false;
    }
  }

  void shortenReadTimeout(int millis) throws IOException {
    socket.setSoTimeout(millis);
  }

  private Response readResponse() throws IOException {
    String statusLine = readLine();
    Map<String, String> headers = new LinkedHashMap<>();
    for (String line = readLine(); !line.isEmpty(); line = readLine()) {
      int colon = line.indexOf(':');
      headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
          line.substring(colon + 1).trim());
    }
    int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
    byte[] body = in.readNBytes(length);
    return new Response(Integer.parseInt(statusLine.split(" ")[1]), headers,
        new String(body, StandardCharsets.UTF_8));
  }

  private String readLine() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b == -1) {
        throw new IOException("connection closed mid-response after '" + line + "'");
      }
      if (b != '\r') {
        line.write(b);
      }
    }
    return line.toString(StandardCharsets.US_ASCII);
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }

  /** A response; header names are lower case. */
  record Response(int status, Map<String, String> headers, String body) {
  }
}
