package dev.perfsuite.scenarios.sunbird.content;

import static dev.perfsuite.scenarios.FidelityHarness.ONCE;
import static dev.perfsuite.scenarios.FidelityHarness.json;
import static dev.perfsuite.scenarios.ReferenceRequests.fieldNames;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.http.QueryParameter;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.perfsuite.config.Secret;
import dev.perfsuite.scenarios.FidelityHarness;
import dev.perfsuite.scenarios.ReferenceRequests;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Request fidelity of the Sunbird content scenarios: each plan runs once (1 user, 1 iteration)
 * against the capturing stubs ({@link FidelityHarness}), and every request it sent is checked
 * against the reference request table ({@link ReferenceRequests}, rows {@code sunbird.content.*}
 * for the standalone scenarios, {@code sunbird.soak.*} for the gateway mixes): method, path,
 * headers present and absent, body shape. The ids and values in each request are checked against
 * the data files the plans read; nothing is compared with a constant the plans send.
 *
 * <p>The bearer is a real password-grant token from the run's embedded Keycloak (shared across
 * classes, see {@link FidelityHarness}), so the token fetch is exercised too.
 */
class SunbirdContentFidelityIT {
  @RegisterExtension
  static final FidelityHarness HARNESS = FidelityHarness.stubsAndLocalBackends();

  private static Secret bearer;
  private static Path telemetryBody;

  @BeforeAll
  static void fetchBearerAndWritePayload() {
    bearer = SunbirdBearer.fetch(HARNESS.backends().keycloak());
    telemetryBody = TelemetryPayload.writeGzip(HARNESS.work().resolve("data"));
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(StandaloneApi.class)
  void shouldSendTheReferenceRequestWhenRunningStandaloneApi(StandaloneApi api) {
    List<LoggedRequest> requests = HARNESS.runOnce(api.plan(HARNESS.base(), bearer,
        telemetryBody, ONCE));

    assertThat(requests).as("%s sent one request", api).hasSize(1);
    check(api.label, requests.get(0), false);
  }

  @Test
  void shouldSendNineGatewayRequestsInReferenceOrderWhenRunningSoakMix() {
    List<LoggedRequest> requests = HARNESS.runOnce(SunbirdMixes.soakTest(HARNESS.base(), bearer,
        telemetryBody, ONCE));

    assertThat(requests).as("one iteration of SoakTest.jmx").hasSize(9);
    for (int i = 0; i < requests.size(); i++) {
      String label = SunbirdMixes.SOAK_LABELS.get(i);
      check(label, requests.get(i), true);
    }
  }

  @Test
  void shouldSendFifteenRequestsInProductionRatioWhenRunningProductionMix() {
    List<LoggedRequest> requests = HARNESS.runOnce(SunbirdMixes.productionRatio(HARNESS.base(),
        bearer, telemetryBody, ONCE));

    List<String> sequence = SunbirdMixes.productionSequence();
    assertThat(requests).as("one iteration of the production mix").hasSize(15);
    for (int i = 0; i < requests.size(); i++) {
      check(sequence.get(i), requests.get(i), true);
    }
    Map<String, Long> perLabel = sequence.stream()
        .collect(Collectors.groupingBy(Function.identity(), LinkedHashMap::new,
            Collectors.counting()));
    SunbirdMixes.PRODUCTION_WEIGHTS.forEach((label, weight) ->
        assertThat(perLabel.get(label)).as("%s requests per iteration", label)
            .isEqualTo(weight.longValue()));
  }

  // ------------------------------------------------------------------ method, path, body

  private static void check(String label, LoggedRequest request, boolean gateway) {
    String path = request.getUrl().replaceFirst("\\?.*", "");
    String method = request.getMethod().getName();
    String what = label + " " + method + " " + request.getUrl();
    FidelityHarness.check((gateway ? "sunbird.soak." : "sunbird.content.") + label, request,
        Map.of("jwt", bearer.reveal()));
    switch (label) {
      case "ChannelRead" -> {
        assertGet(what, method, request);
        assertThat(lastSegment(path, "/learning-service/channel/v3/read/", what))
            .as("%s channel id", what).isIn(csv("channels.csv"));
      }
      case "ContentRead" -> {
        assertGet(what, method, request);
        assertThat(lastSegment(path, gateway ? "/api/content/v1/read/"
            : "/learning-service/content/v3/read/", what)).as("%s content id", what)
            .isIn(csv("content.csv"));
      }
      case "ContentHierarchy" -> {
        assertGet(what, method, request);
        assertThat(lastSegment(path, gateway ? "/api/course/v1/hierarchy/"
            : "/learning-service/content/v3/hierarchy/", what)).as("%s collection id", what)
            .isIn(csv("collections.csv"));
      }
      case "FrameworkRead" -> {
        assertGet(what, method, request);
        assertThat(lastSegment(path, "/learning-service/framework/v3/read/", what))
            .as("%s framework id", what).isIn(csv("frameworks.csv"));
        QueryParameter categories = request.queryParameter("categories");
        assertThat(categories.isPresent() ? categories.firstValue() : null)
            .as("%s categories", what).isEqualTo("board,medium,gradeLevel,subject");
      }
      case "TenantInfo" -> {
        assertGet(what, method, request);
        assertThat(lastSegment(path, "/v1/tenant/info/", what)).as("%s tenant", what)
            .isIn(csv("tenants.csv").subList(1, csv("tenants.csv").size()));
      }
      case "ContentSearch", "DialSearch" -> {
        assertPost(what, method, path, gateway ? "/api/content/v1/search" : "/v3/search");
        JsonNode body = json(what, request.getBodyAsString());
        assertThat(body.path("request").path("filters").path("dialcodes").isArray())
            .as("%s dialcodes is an array: %s", what, body).isTrue();
        assertThat(body.path("request").path("filters").path("dialcodes").get(0).asText())
            .as("%s dialcode", what).isIn(csv("dialcodes.csv"));
      }
      case "FormRead" -> {
        // Method, path and the fixed body: all in the reference row.
      }
      case "PageAssemble", "DialAssemble" -> {
        assertPost(what, method, path, gateway ? "/api/data/v1/page/assemble"
            : "/v1/page/assemble");
        JsonNode body = json(what, request.getBodyAsString());
        JsonNode dialcodes = body.path("request").path("filters").path("dialcodes");
        assertThat(dialcodes.isTextual()).as("%s dialcodes is a string: %s", what, body)
            .isTrue();
        assertThat(dialcodes.asText()).as("%s dialcode", what).isIn(csv("dialcodes.csv"));
      }
      case "OrgSearch" -> {
        assertPost(what, method, path, gateway ? "/api/org/v1/search" : "/v1/org/search");
        JsonNode filters = json(what, request.getBodyAsString()).path("request")
            .path("filters");
        assertThat(filters.path("isRootOrg").get(0).isBoolean())
            .as("%s isRootOrg is an unquoted boolean: %s", what, filters).isTrue();
        String row = filters.path("slug").get(0).asText() + ","
            + filters.path("identifier").get(0).asText() + ","
            + filters.path("isRootOrg").get(0).asBoolean();
        assertThat(row).as("%s filters are one orgs.csv row", what)
            .isIn(csv("orgs.csv").subList(1, csv("orgs.csv").size()));
      }
      case "Telemetry", "SendTelemetry" -> {
        assertPost(what, method, path, gateway ? "/api/data/v1/telemetry" : "/v1/telemetry");
        checkTelemetry(what, request.getBody());
      }
      case "DeviceRegister" -> {
        assertThat(method).as(what).isEqualTo("POST");
        assertThat(path).as("%s path ends in a fresh UUID", what)
            .matches("/api/v3/device/register/" + ReferenceRequests.UUID);
        checkDeviceRegister(what, json(what, request.getBodyAsString()));
      }
      case "CompositeSearch" -> {
        JsonNode filters = json(what, request.getBodyAsString()).path("request").path("filters");
        assertThat(texts(filters.path("status"))).as("%s statuses of composite-search.jmx", what)
            .containsExactly("Draft", "FlagDraft", "Review", "Processing", "Live", "Unlisted",
                "FlagReview");
        assertThat(texts(filters.path("contentType"))).as("%s content types", what).hasSize(12)
            .startsWith("Collection", "TextBook", "Course").endsWith("eTextBook", "TVLesson");
      }
      default -> throw new IllegalStateException("no expectation for " + label);
    }
  }

  private static void assertGet(String what, String method, LoggedRequest request) {
    assertThat(method).as(what).isEqualTo("GET");
    assertThat(request.getBody()).as("%s has no body", what).isEmpty();
  }

  private static void assertPost(String what, String method, String path, String expected) {
    assertThat(method).as(what).isEqualTo("POST");
    assertThat(path).as(what).isEqualTo(expected);
  }

  private static String lastSegment(String path, String prefix, String what) {
    assertThat(path).as("%s path", what).startsWith(prefix);
    String rest = path.substring(prefix.length());
    assertThat(rest).as("%s has one id segment", what).isNotEmpty().doesNotContain("/");
    return rest;
  }

  private static void checkDeviceRegister(String what, JsonNode body) {
    assertThat(body.path("id").asText()).as("%s id", what).isEqualTo("dev.sunbird.portal");
    assertThat(body.path("ver").asText()).as("%s ver", what).isEqualTo("1.15.0");
    assertThat(body.path("ts").asText()).as("%s ts from __time(yyyy-MM-dd'T'HH:mm:ss.SSSZ)", what)
        .matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}[+-]\\d{4}");
    assertThat(body.path("params").path("msgid").asText()).as("%s msgid", what)
        .isEqualTo("4f92a44f-127f-0c82-b2ad-715faa558a8d");
    JsonNode request = body.path("request");
    assertThat(request.path("did").asText("missing")).as("%s did", what).isEmpty();
    assertThat(request.path("channel").asText()).as("%s channel from __UUID", what)
        .matches(ReferenceRequests.UUID);
    JsonNode uaspec = request.path("uaspec");
    assertThat(List.of(uaspec.path("agent").asText(), uaspec.path("ver").asText(),
        uaspec.path("system").asText(), uaspec.path("platform").asText()))
        .as("%s uaspec", what).containsExactly("Chrome", "72.0.3626.121", "mac-os-x-14", "Mac");
    assertThat(uaspec.path("raw").asText()).as("%s uaspec.raw", what).startsWith("Mozilla/5.0");
  }

  /**
   * The body went out gzip-compressed (WireMock may hand it over inflated already, since the
   * request says {@code Content-Encoding: gzip}) and holds the §A.6 envelope of 200 IMPRESSION
   * events with every skeleton field.
   */
  private static void checkTelemetry(String what, byte[] body) {
    byte[] file = read(telemetryBody);
    assertThat(file[0] == (byte) 0x1f && file[1] == (byte) 0x8b).as("%s file is gzip", what)
        .isTrue();
    boolean compressed = body.length > 1 && body[0] == (byte) 0x1f && body[1] == (byte) 0x8b;
    String text = compressed ? gunzip(body) : new String(body, StandardCharsets.UTF_8);
    assertThat(text).as("%s body is the file's content", what).isEqualTo(gunzip(file));
    JsonNode batch = json(what, text);
    assertThat(batch.path("id").asText()).as("%s id", what).isEqualTo("ekstep.telemetry");
    assertThat(batch.path("ver").asText()).as("%s ver", what).isEqualTo("3.0");
    assertThat(batch.path("ets").isNumber()).as("%s ets", what).isTrue();
    JsonNode events = batch.path("events");
    assertThat(events.size()).as("%s events", what).isEqualTo(TelemetryPayload.REFERENCE_EVENTS);
    for (JsonNode event : events) {
      assertThat(event.path("eid").asText()).as("%s eid", what).isEqualTo("IMPRESSION");
      assertThat(fieldNames(event)).as("%s event fields", what).containsExactly("eid", "ets", "ver",
          "mid", "actor", "context", "object", "tags", "edata");
      assertThat(fieldNames(event.path("context"))).as("%s context fields", what).containsExactly(
          "channel", "pdata", "env", "sid", "did", "cdata", "rollup", "uid");
      assertThat(event.path("context").path("pdata").path("id").asText()).as("%s pdata", what)
          .isEqualTo("dev.sunbird.portal");
      assertThat(event.path("actor").path("type").asText()).as("%s actor", what)
          .isEqualTo("User");
      assertThat(event.path("object").path("type").asText()).as("%s object", what)
          .isEqualTo("Story");
      assertThat(event.path("edata").path("pageid").asText()).as("%s edata", what)
          .isEqualTo("content-player");
    }
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(item -> texts.add(item.asText()));
    return texts;
  }

  // ------------------------------------------------------------------ helpers

  /** Lines of a data file, as the plans read them. */
  private static List<String> csv(String file) {
    try {
      URI uri = SunbirdContentFidelityIT.class.getClassLoader()
          .getResource("data/sunbird/" + file).toURI();
      return Files.readAllLines(Path.of(uri)).stream().filter(l -> !l.isBlank()).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String gunzip(byte[] gzip) {
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
