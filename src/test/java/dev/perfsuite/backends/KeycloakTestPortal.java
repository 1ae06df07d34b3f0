package dev.perfsuite.backends;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.perfsuite.backends.keycloak.KeycloakEndpoint;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * A two-route stand-in for the Sunbird portal on loopback: {@code /resources} redirects to the
 * Keycloak login, {@code /resources?auth_callback=1&code=...} is the callback and answers 200.
 */
public final class KeycloakTestPortal implements AutoCloseable {
  private final HttpServer server;
  private volatile URI authUrl;
  private volatile String clientId;

  private KeycloakTestPortal(HttpServer server) {
    this.server = server;
  }

  public static KeycloakTestPortal start() throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    KeycloakTestPortal portal = new KeycloakTestPortal(server);
    server.createContext("/resources", portal::handle);
    server.start();
    return portal;
  }

  /** The portal's base, e.g. {@code http://127.0.0.1:41234}. */
  public URI uri() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  /** The callback the {@code portal} client redirects to after login. */
  public String callback() {
    return uri() + "/resources?auth_callback=1";
  }

  /** Sends logins to this Keycloak's authorization endpoint, as its browser-login client. */
  public void loginAt(KeycloakEndpoint keycloak) {
    this.clientId = keycloak.browserClientId();
    this.authUrl = keycloak.authUrl();
  }

  private void handle(HttpExchange exchange) throws IOException {
    String query = exchange.getRequestURI().getRawQuery();
    if (query != null && query.contains("auth_callback=1")) {
      respond(exchange, 200, "portal callback");
    } else if (authUrl == null) {
      respond(exchange, 503, "no Keycloak yet");
    } else {
      exchange.getResponseHeaders().add("Location", authUrl + "?client_id="
          + clientId + "&redirect_uri=" + encode(callback())
          + "&response_type=code&scope=openid&state=" + UUID.randomUUID());
      respond(exchange, 302, "");
    }
  }

  private static void respond(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
