package dev.perfsuite.scenarios.sunbird.content;

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpHeaders;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsonAssertion;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;

import dev.perfsuite.config.Secret;
import java.nio.file.Path;
import org.apache.jmeter.protocol.http.util.HTTPConstants;
import org.apache.jmeter.protocol.http.util.HTTPFileArg;
import us.abstracta.jmeter.javadsl.core.assertions.DslResponseAssertion.TargetField;
import us.abstracta.jmeter.javadsl.core.samplers.BaseSampler.SamplerChild;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;
import us.abstracta.jmeter.javadsl.http.HttpHeaders;

/**
 * The Sunbird content and platform requests of the reference scripts
 * ({@code Sunbird-Ed/sunbird-perf-tests initial-setup/scenarios}, docs/reference/seed-systems.md §A.2 and §A.3):
 * method, path, body and headers as the JMX files send them, plus the checks those scripts lack.
 *
 * <p>Two families: the internal service paths the standalone scenarios call directly (learning
 * service {@code /learning-service/...}, search {@code /v3/search}, player {@code /plugin/...},
 * learner {@code /v1/...}, telemetry {@code /v1/telemetry}) and the public API gateway paths of the
 * mixes ({@code /api/...}). Every {@code base} is a URL ending in '/', from
 * {@code perf.service("sunbird")}. Bodies use the CSV variables of {@link SunbirdData} and the
 * JMeter functions of the reference ({@code __UUID}, {@code __time}).
 *
 * <p>Each sampler checks the HTTP status, the Sunbird envelope ({@code params.status} is
 * {@code successful}) and, where the API answers with what was asked for, that the answer names
 * the requested id. The reference scripts assert nothing.
 */
final class SunbirdRequests {
  /** The Header Manager's Content-Type: plain, no charset (not the DSL's APPLICATION_JSON). */
  static final String JSON = "application/json";
  /** The Header Manager's Accept-Encoding, SDCH included as in 2018 browsers. */
  static final String ACCEPT_ENCODING = "gzip,deflate,sdch";
  /** The telemetry file's MIME type in the JMX; the Content-Type header still wins on the wire. */
  static final String GZIP_MIME_TYPE = "application/gzip";

  static final String FORM_READ_BODY =
      "{\"request\":{\"type\":\"app\",\"subType\":\"install\",\"action\":\"upgrade\"}}";
  static final String DIAL_SEARCH_BODY =
      "{\"request\":{\"filters\":{\"dialcodes\":[\"${dialcode}\"]}}}";
  static final String PAGE_ASSEMBLE_BODY = "{\"request\":{\"name\":\"DIAL Code Consumption\","
      + "\"filters\":{\"dialcodes\":\"${dialcode}\"},\"source\":\"app\",\"from\":\"server\"}}";
  /** {@code isRootOrg} is unquoted in the reference: a JSON boolean from the CSV. */
  static final String ORG_SEARCH_BODY = "{\"request\":{\"filters\":{\"slug\":[\"${slug}\"],"
      + "\"identifier\":[\"${identifier}\"],\"isRootOrg\":[${isRootOrg}]}}}";
  /** DeviceRegister.jmx and SoakTest.jmx: a fixed msgid, the time and a random channel. */
  static final String DEVICE_REGISTER_BODY = "{\"id\":\"dev.sunbird.portal\",\"ver\":\"1.15.0\","
      + "\"ts\":\"${__time(yyyy-MM-dd'T'HH:mm:ss.SSSZ)}\","
      + "\"params\":{\"msgid\":\"4f92a44f-127f-0c82-b2ad-715faa558a8d\"},"
      + "\"request\":{\"did\":\"\",\"uaspec\":{\"agent\":\"Chrome\",\"ver\":\"72.0.3626.121\","
      + "\"system\":\"mac-os-x-14\",\"platform\":\"Mac\",\"raw\":\"Mozilla/5.0 (Macintosh; Intel "
      + "Mac OS X 10_14_3) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/72.0.3626.121 "
      + "Safari/537.36\"},\"channel\":\"${__UUID()}\"}}";
  /**
   * sunbird-platform/composite-search/composite-search.jmx (release 4.8.0): the seed's
   * production-ratio table names CompositeSearch without its script; this is the repository's
   * only composite search request.
   */
  static final String COMPOSITE_SEARCH_BODY = "{\"request\":{\"filters\":{\"status\":[\"Draft\","
      + "\"FlagDraft\",\"Review\",\"Processing\",\"Live\",\"Unlisted\",\"FlagReview\"],"
      + "\"contentType\":[\"Collection\",\"TextBook\",\"Course\",\"LessonPlan\",\"Resource\","
      + "\"SelfAssess\",\"PracticeResource\",\"LearningOutcomeDefinition\",\"ExplanationResource\","
      + "\"ExperientialResource\",\"eTextBook\",\"TVLesson\"],\"objectType\":\"Content\"},"
      + "\"offset\":0,\"limit\":50,\"query\":\"\",\"sort_by\":{\"lastUpdatedOn\":\"desc\"}}}";

  private SunbirdRequests() {
  }

  // ---------------------------------------------------------------- header managers

  /**
   * The common Header Manager of every initial-setup scenario: {@code Content-Type},
   * {@code Authorization} and {@code Accept-Encoding}.
   */
  static HttpHeaders commonHeaders(Secret bearer) {
    return httpHeaders().header("Content-Type", JSON)
        .header("Authorization", authorization(bearer))
        .header("Accept-Encoding", ACCEPT_ENCODING);
  }

  /** DeviceRegister.jmx's Header Manager: no Accept-Encoding. */
  static HttpHeaders deviceRegisterHeaders(Secret bearer) {
    return httpHeaders().header("Content-Type", JSON)
        .header("Authorization", authorization(bearer));
  }

  /** Telemetry.jmx's Header Manager: Content-Encoding gzip instead of Accept-Encoding. */
  static HttpHeaders telemetryHeaders(Secret bearer) {
    return httpHeaders().header("Content-Type", JSON)
        .header("Authorization", authorization(bearer))
        .header("Content-Encoding", "gzip");
  }

  private static String authorization(Secret bearer) {
    return "Bearer " + bearer.reveal();
  }

  // ---------------------------------------------------------------- internal service paths (§A.2)

  /** ChannelRead.jmx: learning service, {@code channels.csv}. */
  static DslHttpSampler channelRead(String base) {
    return get("ChannelRead", base + "learning-service/channel/v3/read/${channelIdentifier}",
        echoes("result.channel.identifier", "channelIdentifier"));
  }

  /** ContentRead.jmx: learning service, {@code content.csv}. */
  static DslHttpSampler contentRead(String base) {
    return get("ContentRead", base + "learning-service/content/v3/read/${contentIdentifier}",
        echoes("result.content.identifier", "contentIdentifier"));
  }

  /** ContentHierarchy.jmx: learning service, {@code collections.csv}. */
  static DslHttpSampler contentHierarchy(String base) {
    return get("ContentHierarchy",
        base + "learning-service/content/v3/hierarchy/${collectionIdentifier}",
        echoes("result.content.identifier", "collectionIdentifier"));
  }

  /** FrameWorkRead.jmx (sampler "FrameWorkReadFilters"): 4 categories, {@code frameworks.csv}. */
  static DslHttpSampler frameworkRead(String base) {
    return get("FrameworkRead", base + "learning-service/framework/v3/read/${identifier}"
            + "?categories=board,medium,gradeLevel,subject",
        echoes("result.framework.identifier", "identifier"),
        jsonAssertion("framework has categories", "result.framework.categories[0].code"));
  }

  /** ContentSearch.jmx: search service, DIAL code filter, {@code dialcodes.csv}. */
  static DslHttpSampler contentSearch(String base) {
    return post("ContentSearch", base + "v3/search", DIAL_SEARCH_BODY, searchResult());
  }

  /** FormRead.jmx: player service, fixed body. */
  static DslHttpSampler formRead(String base) {
    return post("FormRead", base + "plugin/v1/form/read", FORM_READ_BODY, formResult());
  }

  /** TenantInfo.jmx and SoakTest.jmx (the same path in both): {@code tenants.csv}. */
  static DslHttpSampler tenantInfo(String base) {
    return get("TenantInfo", base + "v1/tenant/info/${tenantName}",
        echoes("result.titleName", "tenantName"));
  }

  /** PageAssemble.jmx (sampler "DialAssemble"): learner service, {@code dialcodes.csv}. */
  static DslHttpSampler pageAssemble(String base) {
    return post("PageAssemble", base + "v1/page/assemble", PAGE_ASSEMBLE_BODY, pageResult());
  }

  /** OrgSearch.jmx: learner service, {@code orgs.csv}. */
  static DslHttpSampler orgSearch(String base) {
    return post("OrgSearch", base + "v1/org/search", ORG_SEARCH_BODY, orgResult());
  }

  /** Telemetry.jmx (sampler "SendTelemetry"): telemetry service, the gzip file as body. */
  static DslHttpSampler telemetry(String base, Path gzipBody) {
    return gzipPost("Telemetry", base + "v1/telemetry", gzipBody);
  }

  /**
   * DeviceRegister.jmx (sampler "Device-Register-API"): through the proxy, so the same path as in
   * the soak mix; a fresh device id per request.
   */
  static DslHttpSampler deviceRegister(String base) {
    return post("DeviceRegister", base + "api/v3/device/register/${__UUID()}",
        DEVICE_REGISTER_BODY, jsonAssertion("responseCode OK", "responseCode").equalsTo("OK"));
  }

  // ---------------------------------------------------------------- gateway paths (§A.3)

  /** SoakTest.jmx 1: course hierarchy through the gateway. */
  static DslHttpSampler gatewayContentHierarchy(String base) {
    return get("ContentHierarchy", base + "api/course/v1/hierarchy/${collectionIdentifier}",
        echoes("result.content.identifier", "collectionIdentifier"));
  }

  /** SoakTest.jmx 2. */
  static DslHttpSampler gatewayContentRead(String base) {
    return get("ContentRead", base + "api/content/v1/read/${contentIdentifier}",
        echoes("result.content.identifier", "contentIdentifier"));
  }

  /** SoakTest.jmx 3: the DIAL code search. */
  static DslHttpSampler dialSearch(String base) {
    return post("DialSearch", base + "api/content/v1/search", DIAL_SEARCH_BODY, searchResult());
  }

  /** SoakTest.jmx 4. */
  static DslHttpSampler gatewayFormRead(String base) {
    return post("FormRead", base + "api/data/v1/form/read", FORM_READ_BODY, formResult());
  }

  /** SoakTest.jmx 5. */
  static DslHttpSampler gatewayOrgSearch(String base) {
    return post("OrgSearch", base + "api/org/v1/search", ORG_SEARCH_BODY, orgResult());
  }

  /**
   * SoakTest.jmx 6: its own Header Manager sets only Content-Type, so the common headers (with
   * Accept-Encoding) still apply.
   */
  static DslHttpSampler gatewayDeviceRegister(String base) {
    return deviceRegister(base).header("Content-Type", JSON);
  }

  /**
   * SoakTest.jmx 7: its own Header Manager sets Content-Type, Authorization and
   * Content-Encoding gzip; Accept-Encoding still comes from the common one.
   */
  static DslHttpSampler sendTelemetry(String base, Path gzipBody, Secret bearer) {
    return gzipPost("SendTelemetry", base + "api/data/v1/telemetry", gzipBody)
        .header("Content-Type", JSON)
        .header("Authorization", authorization(bearer))
        .header("Content-Encoding", "gzip");
  }

  /**
   * SoakTest.jmx 8 ("PageAssemble"); the seed's later tables call the same request
   * "DialAssemble" (PageAssemble.jmx names its sampler so).
   */
  static DslHttpSampler gatewayPageAssemble(String label, String base) {
    return post(label, base + "api/data/v1/page/assemble", PAGE_ASSEMBLE_BODY, pageResult());
  }

  /** The production-ratio mix's CompositeSearch, {@link #COMPOSITE_SEARCH_BODY}. */
  static DslHttpSampler compositeSearch(String base) {
    return post("CompositeSearch", base + "api/composite/v1/search", COMPOSITE_SEARCH_BODY,
        searchResult());
  }

  // ---------------------------------------------------------------- building blocks

  private static DslHttpSampler get(String label, String url, SamplerChild... checks) {
    return httpSampler(label, url).children(ok()).children(checks);
  }

  /** A raw JSON body; Content-Type comes from the Header Manager, as in the JMX files. */
  private static DslHttpSampler post(String label, String url, String body,
      SamplerChild... checks) {
    return httpSampler(label, url).method(HTTPConstants.POST).body(body).children(ok())
        .children(checks);
  }

  private static DslHttpSampler gzipPost(String label, String url, Path gzipBody) {
    return new FileBodySampler(label, url).bodyFile(gzipBody.toString(), GZIP_MIME_TYPE)
        .method(HTTPConstants.POST).children(ok());
  }

  /** HTTP 200 and the Sunbird envelope's success status. */
  private static SamplerChild[] ok() {
    return new SamplerChild[] {
        responseAssertion("HTTP 200").fieldToTest(TargetField.RESPONSE_CODE)
            .equalsToStrings("200"),
        jsonAssertion("params.status successful", "params.status").equalsTo("successful")};
  }

  private static SamplerChild echoes(String query, String variable) {
    return jsonAssertion(query + " is ${" + variable + "}", query).equalsTo("${" + variable + "}");
  }

  private static SamplerChild searchResult() {
    return jsonAssertion("result.count present", "result.count");
  }

  private static SamplerChild formResult() {
    return jsonAssertion("result.form.type is app", "result.form.type").equalsTo("app");
  }

  private static SamplerChild pageResult() {
    return jsonAssertion("DIAL page assembled", "result.response.name")
        .equalsTo("DIAL Code Consumption");
  }

  private static SamplerChild orgResult() {
    return jsonAssertion("result.response.count present", "result.response.count");
  }

  /**
   * An HTTP sampler whose raw body is a file with a MIME type: the JMX "Files Upload" row with no
   * parameter name. The DSL's {@code bodyFile} leaves the MIME type empty and its
   * {@code bodyFilePart} switches to multipart; neither is the reference request.
   */
  static final class FileBodySampler extends DslHttpSampler {
    FileBodySampler(String name, String url) {
      super(name, url);
    }

    /** Sends {@code path} as the whole body, declared as {@code mimeType}. */
    FileBodySampler bodyFile(String path, String mimeType) {
      files.add(new HTTPFileArg(path, "", mimeType));
      return this;
    }
  }
}
