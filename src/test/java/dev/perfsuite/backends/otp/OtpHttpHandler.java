package dev.perfsuite.backends.otp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * The HTTP side of MOSIP's OTP manager API: request checks, the {@code Cookie: Authorization}
 * check, and MOSIP's response envelope ({@code id, version, responsetime, metadata, response,
 * errors}).
 *
 * <p>Every answer is HTTP 200 with a {@code response} or an {@code errors} list, as MOSIP's
 * response wrapper; only a missing token (401), an unknown path (404), a wrong method (405) and a
 * database failure such as a pool timeout (500) use other statuses. The token is only checked to
 * be a JWT, as the stubs do; MOSIP's auth adapter also asks the auth manager to validate it, which
 * is not modelled.
 */
final class OtpHttpHandler implements HttpHandler {
  static final String GENERATE_PATH = "/v1/otpmanager/otp/generate";
  static final String VALIDATE_PATH = "/v1/otpmanager/otp/validate";
  private static final Pattern JWT =
      Pattern.compile("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");
  private static final Pattern DIGITS = Pattern.compile("[0-9]+");
  private static final DateTimeFormatter RESPONSE_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MIN_KEY = 3;
  private static final int MAX_KEY = 255;

  private final OtpStore store;
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong serverErrors = new AtomicLong();

  OtpHttpHandler(OtpStore store) {
    this.store = store;
  }

  long requests() {
    return requests.get();
  }

  long serverErrors() {
    return serverErrors.get();
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    requests.incrementAndGet();
    try (exchange) {
      route(exchange);
    }
  }

  private void route(HttpExchange exchange) throws IOException {
    try {
      String path = exchange.getRequestURI().getPath();
      String method = exchange.getRequestMethod();
      if (!path.equals(GENERATE_PATH) && !path.equals(VALIDATE_PATH)) {
        send(exchange, 404, envelope("mosip.otp", null, List.of(error("KER-OTP-404",
            "No handler for " + path))));
        return;
      }
      boolean generate = path.equals(GENERATE_PATH);
      if (!method.equals(generate ? "POST" : "GET")) {
        exchange.getResponseHeaders().add("Allow", generate ? "POST" : "GET");
        send(exchange, 405, envelope(id(generate), null, List.of(error("KER-OTP-405",
            method + " not supported"))));
        return;
      }
      if (!authorized(exchange)) {
        send(exchange, 401, envelope(null, null, List.of(error("KER-ATH-401",
            "Authentication Failed : Invalid Token :Token verification failed"))));
        return;
      }
      if (generate) {
        generate(exchange);
      } else {
        validate(exchange);
      }
    } catch (SQLException | RuntimeException e) {
      // A pool timeout (SQLTransientConnectionException) lands here, as a 500 in MOSIP.
      serverErrors.incrementAndGet();
      send(exchange, 500, envelope("mosip.otp", null, List.of(error("KER-OTV-500",
          "Internal server error"))));
    }
  }

  private void generate(HttpExchange exchange) throws IOException, SQLException {
    String key = null;
    try (InputStream body = exchange.getRequestBody()) {
      JsonNode request = JSON.readTree(body);
      JsonNode value = request == null ? null : request.at("/request/key");
      if (value != null && value.isValueNode()) {
        key = value.asText();
      }
    } catch (IOException malformed) {
      key = null;
    }
    if (key == null || key.isBlank() || key.length() < MIN_KEY || key.length() > MAX_KEY) {
      send(exchange, 200, envelope(id(true), null, List.of(error("KER-OTG-001",
          "Key can't be empty, null, and length should be in the range of 3-255."))));
      return;
    }
    OtpStore.Generated generated = store.generate(key);
    ObjectNode response = JSON.createObjectNode()
        .put("otp", generated.otp()).put("status", generated.status());
    send(exchange, 200, envelope(id(true), response, null));
  }

  private void validate(HttpExchange exchange) throws IOException, SQLException {
    Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
    String key = query.get("key");
    String otp = query.get("otp");
    List<ObjectNode> errors = new ArrayList<>();
    if (key == null || key.isBlank()) {
      errors.add(error("KER-OTV-001", "Key can't be empty or null."));
    } else if (key.length() < MIN_KEY || key.length() > MAX_KEY) {
      errors.add(error("KER-OTV-002", "Length of key should be in the range of 3-255."));
    }
    if (otp == null || otp.isBlank()) {
      errors.add(error("KER-OTV-003", "OTP can't be empty or null."));
    } else if (!DIGITS.matcher(otp).matches()) {
      errors.add(error("KER-OTV-004",
          "OTP consists of only numeric characters. No other characters is allowed."));
    }
    if (!errors.isEmpty()) {
      send(exchange, 200, envelope(id(false), null, errors));
      return;
    }
    Optional<OtpStore.Validated> validated = store.validate(key, otp);
    if (validated.isEmpty()) {
      send(exchange, 200, envelope(id(false), null, List.of(error("KER-OTV-005",
          "Validation can't be performed against this key. Generate OTP first."))));
      return;
    }
    ObjectNode response = JSON.createObjectNode()
        .put("status", validated.get().status()).put("message", validated.get().message());
    send(exchange, 200, envelope(id(false), response, null));
  }

  /** True when a {@code Cookie} header carries {@code Authorization=<JWT>}. */
  static boolean authorized(HttpExchange exchange) {
    List<String> cookies = exchange.getRequestHeaders().get("Cookie");
    if (cookies == null) {
      return false;
    }
    for (String header : cookies) {
      for (String cookie : header.split(";")) {
        String trimmed = cookie.trim();
        if (trimmed.startsWith("Authorization=")
            && JWT.matcher(trimmed.substring("Authorization=".length())).matches()) {
          return true;
        }
      }
    }
    return false;
  }

  static Map<String, String> query(String raw) {
    Map<String, String> parameters = new HashMap<>();
    if (raw == null || raw.isEmpty()) {
      return parameters;
    }
    for (String pair : raw.split("&")) {
      int eq = pair.indexOf('=');
      String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq),
          StandardCharsets.UTF_8);
      String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1),
          StandardCharsets.UTF_8);
      parameters.putIfAbsent(name, value);
    }
    return parameters;
  }

  private static String id(boolean generate) {
    return generate ? "mosip.otp.generateOTP" : "mosip.otp.validateOTP";
  }

  private static ObjectNode envelope(String id, ObjectNode response, List<ObjectNode> errors) {
    ObjectNode envelope = JSON.createObjectNode();
    envelope.put("id", id);
    envelope.put("version", id == null ? null : "1.0");
    envelope.put("responsetime", RESPONSE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC)));
    envelope.putNull("metadata");
    envelope.set("response", response);
    if (errors == null) {
      envelope.putNull("errors");
    } else {
      envelope.putArray("errors").addAll(errors);
    }
    return envelope;
  }

  private static ObjectNode error(String code, String message) {
    return JSON.createObjectNode().put("errorCode", code).put("message", message);
  }

  private static void send(HttpExchange exchange, int status, ObjectNode body) throws IOException {
    byte[] bytes = JSON.writeValueAsBytes(body);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
