package dev.perfsuite.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reference request table ({@code src/test/resources/reference/requests.csv}) and the one
 * check every fidelity test applies with it: method, path and query, headers (present with the
 * reference's value, or absent), and body shape of one sent request.
 *
 * <p>The table is written from the reference scripts (docs/reference/requests.md), never from
 * the plans' constants, so a plan that drifts from the reference fails here. Templates use
 * {@code {name}} placeholders: {@code {uuid}}, {@code {jwt}}, {@code {boolean}},
 * {@code {number}} and {@code {any}} (anything, even empty) are typed; any other name matches a
 * non-empty value, or exactly the value a test binds to it. A JSON body template is compared
 * node by node: the same fields in the same order, the same types and literals; an array template
 * of one element applies to every element.
 * A body {@code form:a={x}&b=c} is a URL-encoded form, {@code none} an empty body, {@code any}
 * a body checked elsewhere (binary or generated).
 */
public final class ReferenceRequests {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String RESOURCE = "reference/requests.csv";
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z][A-Za-z0-9_.-]*)}");
  /** What {@code {uuid}} matches: a lower-case UUID. */
  public static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
  /** What {@code {jwt}} matches: three base64url parts. */
  public static final String JWT = "[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+";
  private static final Map<String, String> TYPED = Map.of("any", ".*", "uuid", UUID, "jwt", JWT);
  private static final ReferenceRequests TABLE = load();

  private final Map<String, Row> rows;

  private ReferenceRequests(Map<String, Row> rows) {
    this.rows = rows;
  }

  /** The table on the test classpath. */
  public static ReferenceRequests table() {
    return TABLE;
  }

  /** The reference row of a sampler, e.g. {@code sunbird.users.profile-read}. */
  public Row row(String id) {
    Row row = rows.get(id);
    if (row == null) {
      throw new IllegalArgumentException("no row '" + id + "' in " + RESOURCE + "; rows: "
          + rows.keySet());
    }
    return row;
  }

  /** Row ids in table order. */
  public List<String> ids() {
    return List.copyOf(rows.keySet());
  }

  /** A request as it reached a backend: method, path with query, headers, body. */
  public record Sent(String method, String pathAndQuery, Map<String, List<String>> headers,
      byte[] body) {

    /** What WireMock's journal recorded. */
    public static Sent of(LoggedRequest request) {
      Map<String, List<String>> headers = new LinkedHashMap<>();
      for (var header : request.getHeaders().all()) {
        headers.computeIfAbsent(header.key().toLowerCase(), k -> new ArrayList<>())
            .addAll(header.values());
      }
      return new Sent(request.getMethod().getName(), request.getUrl(), headers,
          request.getBody());
    }

    /** A request seen by other means (full URL, raw header block {@code Name: value} lines). */
    public static Sent of(String method, String url, String headerBlock, String body) {
      Map<String, List<String>> headers = new LinkedHashMap<>();
      for (String line : headerBlock.split("\\r?\\n")) {
        int colon = line.indexOf(':');
        if (colon > 0) {
          headers.computeIfAbsent(line.substring(0, colon).trim().toLowerCase(),
              k -> new ArrayList<>()).add(line.substring(colon + 1).trim());
        }
      }
      URI uri = URI.create(url);
      String path = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
      return new Sent(method, path, headers,
          body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8));
    }

    String header(String name) {
      List<String> values = headers.get(name.toLowerCase());
      return values == null || values.isEmpty() ? null : values.get(0);
    }
  }

  /** One sampler of the reference: what it sends. */
  public record Row(String id, String method, String path, Map<String, String> headers,
      List<String> absent, String body, String source) {

    /** Checks a sent request against this row with no placeholder bound. */
    public void check(Sent sent) {
      check(sent, Map.of());
    }

    /**
     * Checks a sent request against this row.
     *
     * @param bound exact values of placeholders, e.g. {@code apiKey -> the key the test gave}
     */
    public void check(Sent sent, Map<String, String> bound) {
      String what = id + " (" + source + ")";
      assertThat(sent.method()).as("%s: method", what).isEqualTo(method);
      assertThat(sent.pathAndQuery()).as("%s: path and query", what)
          .matches(template(path, bound, "[^/?&]+"));
      headers.forEach((name, value) -> assertThat(sent.header(name))
          .as("%s: header %s", what, name).isNotNull()
          .matches(template(value, bound, ".+")));
      for (String name : absent) {
        assertThat(sent.header(name)).as("%s: header %s must not be sent", what, name).isNull();
      }
      checkBody(what, sent.body(), bound);
    }

    private void checkBody(String what, byte[] sent, Map<String, String> bound) {
      String text = new String(sent, StandardCharsets.UTF_8);
      if (body.equals("none")) {
        assertThat(text).as("%s: no body", what).isEmpty();
      } else if (body.startsWith("form:")) {
        Map<String, String> expected = form(body.substring(5));
        Map<String, String> actual = form(text);
        assertThat(actual.keySet()).as("%s: form fields", what)
            .containsExactlyElementsOf(expected.keySet());
        expected.forEach((name, value) -> assertThat(actual.get(name))
            .as("%s: form field %s", what, name).matches(template(value, bound, ".*")));
      } else if (body.startsWith("json:")) {
        JsonNode actual;
        try {
          actual = JSON.readTree(text);
        } catch (IOException e) {
          throw new AssertionError(what + ": body is not JSON: " + text, e);
        }
        shape(what, "$", json(body.substring(5)), actual, bound);
      } else if (!body.equals("any")) {
        throw new IllegalStateException(what + ": unknown body kind " + body);
      }
    }
  }

  private static void shape(String what, String at, JsonNode expected, JsonNode actual,
      Map<String, String> bound) {
    if (expected.isTextual() && PLACEHOLDER.matcher(expected.asText()).matches()) {
      String name = expected.asText().substring(1, expected.asText().length() - 1);
      switch (name) {
        case "boolean" -> assertThat(actual.isBoolean()).as("%s: %s is a JSON boolean: %s",
            what, at, actual).isTrue();
        case "number" -> assertThat(actual.isNumber()).as("%s: %s is a JSON number: %s",
            what, at, actual).isTrue();
        default -> {
          assertThat(actual.isTextual()).as("%s: %s is a string: %s", what, at, actual).isTrue();
          assertThat(actual.asText()).as("%s: %s", what, at)
              .matches(template(expected.asText(), bound, ".*"));
        }
      }
    } else if (expected.isObject()) {
      assertThat(actual.isObject()).as("%s: %s is an object: %s", what, at, actual).isTrue();
      assertThat(fieldNames(actual)).as("%s: fields of %s", what, at)
          .containsExactlyElementsOf(fieldNames(expected));
      expected.fields().forEachRemaining(field -> shape(what, at + "." + field.getKey(),
          field.getValue(), actual.get(field.getKey()), bound));
    } else if (expected.isArray()) {
      assertThat(actual.isArray()).as("%s: %s is an array: %s", what, at, actual).isTrue();
      assertThat(actual.size()).as("%s: %s has elements", what, at).isPositive();
      for (int i = 0; i < actual.size(); i++) {
        shape(what, at + "[" + i + "]", expected.get(Math.min(i, expected.size() - 1)),
            actual.get(i), bound);
      }
    } else {
      assertThat(actual).as("%s: %s", what, at).isEqualTo(expected);
    }
  }

  /** A regular expression for a template: literals quoted, placeholders as their pattern. */
  static String template(String template, Map<String, String> bound, String anything) {
    StringBuilder regex = new StringBuilder();
    Matcher m = PLACEHOLDER.matcher(template);
    int last = 0;
    while (m.find()) {
      regex.append(Pattern.quote(template.substring(last, m.start())));
      String name = m.group(1);
      regex.append(bound.containsKey(name) ? Pattern.quote(bound.get(name))
          : TYPED.getOrDefault(name, anything.equals(".*") ? ".+" : anything));
      last = m.end();
    }
    return regex.append(Pattern.quote(template.substring(last))).toString();
  }

  private static Map<String, String> form(String text) {
    Map<String, String> fields = new LinkedHashMap<>();
    if (text.isEmpty()) {
      return fields;
    }
    for (String pair : text.split("&")) {
      String[] kv = pair.split("=", 2);
      fields.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
          kv.length < 2 ? "" : URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
    }
    return fields;
  }

  /** Field names of a JSON object, in order. */
  public static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new IllegalStateException(RESOURCE + ": body template is not JSON: " + text, e);
    }
  }

  private static ReferenceRequests load() {
    try (InputStream in = ReferenceRequests.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is not on the test classpath");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Parses the table: {@code id,method,path,headers,absent,body,source}, comma-separated, fields
   * with commas in double quotes ({@code ""} for a quote); headers are {@code Name: value}
   * separated by {@code " | "}, absent headers by {@code ;}; {@code #} lines are comments.
   */
  static ReferenceRequests parse(String csv) {
    Map<String, Row> rows = new LinkedHashMap<>();
    Iterator<String> lines = csv.lines().iterator();
    List<String> header = null;
    int number = 0;
    while (lines.hasNext()) {
      String line = lines.next();
      number++;
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      List<String> cells = cells(line, number);
      if (header == null) {
        header = cells;
        if (!header.equals(List.of("id", "method", "path", "headers", "absent", "body",
            "source"))) {
          throw new IllegalStateException(RESOURCE + ": unexpected header " + header);
        }
        continue;
      }
      if (cells.size() != header.size()) {
        throw new IllegalStateException(RESOURCE + " line " + number + ": " + cells.size()
            + " cells, " + header.size() + " expected: " + line);
      }
      Map<String, String> headers = new LinkedHashMap<>();
      if (!cells.get(3).isBlank()) {
        for (String pair : cells.get(3).split(" \\| ")) {
          int colon = pair.indexOf(": ");
          if (colon < 1) {
            throw new IllegalStateException(RESOURCE + " line " + number + ": header '" + pair
                + "' is not 'Name: value'");
          }
          headers.put(pair.substring(0, colon), pair.substring(colon + 2));
        }
      }
      List<String> absent = cells.get(4).isBlank() ? List.of()
          : List.of(cells.get(4).split(";"));
      Row row = new Row(cells.get(0), cells.get(1), cells.get(2), headers, absent,
          cells.get(5), cells.get(6));
      if (rows.put(row.id(), row) != null) {
        throw new IllegalStateException(RESOURCE + " line " + number + ": duplicate id "
            + row.id());
      }
    }
    return new ReferenceRequests(rows);
  }

  private static List<String> cells(String line, int number) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cell.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          cell.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        cells.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    if (quoted) {
      throw new IllegalStateException(RESOURCE + " line " + number + ": unclosed quote");
    }
    cells.add(cell.toString());
    return cells;
  }
}
