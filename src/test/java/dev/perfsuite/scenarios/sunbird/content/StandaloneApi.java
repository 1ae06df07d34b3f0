package dev.perfsuite.scenarios.sunbird.content;

import static dev.perfsuite.scenarios.sunbird.content.SunbirdRequests.commonHeaders;

import dev.perfsuite.config.Secret;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.profiles.LoadProfile;
import java.net.URI;
import java.nio.file.Path;

/**
 * The eleven standalone scenarios of {@code initial-setup/scenarios} (docs/reference/seed-systems.md §A.2), each
 * one API called on its internal service path, with the figure seed 000 §1 reports for it.
 *
 * <p>Seed 000 §1 ("Individual API benchmarks", after optimisation, each API called directly
 * without proxy or API manager, at least 15 minutes, 1 server) gives throughput at a mean response
 * time; it does not give the thread count. Little's law on those two figures gives the requests
 * in flight, {@link #seedConcurrency()}: about 226 for most APIs, 82 for FrameworkRead and 111 for
 * Telemetry.
 */
enum StandaloneApi {
  CHANNEL_READ("ChannelRead", "sunbird-channel-read", 1247.3, 182),
  CONTENT_READ("ContentRead", "sunbird-content-read", 2459.7, 92),
  CONTENT_HIERARCHY("ContentHierarchy", "sunbird-content-hierarchy", 959.5, 241),
  FRAMEWORK_READ("FrameworkRead", "sunbird-framework-read", 2153, 38),
  CONTENT_SEARCH("ContentSearch", "sunbird-content-search", 899.6, 261),
  FORM_READ("FormRead", "sunbird-form-read", 386.9, 582),
  TENANT_INFO("TenantInfo", "sunbird-tenant-info", 779.2, 275),
  PAGE_ASSEMBLE("PageAssemble", "sunbird-page-assemble", 443.8, 506),
  ORG_SEARCH("OrgSearch", "sunbird-org-search", 553.6, 398),
  TELEMETRY("Telemetry", "sunbird-telemetry", 285.3, 389),
  DEVICE_REGISTER("DeviceRegister", "sunbird-device-register", 536.1, 426);

  /** The sampler label. */
  final String label;
  /** The scenario name, i.e. the results directory. */
  final String scenario;
  /** Seed 000 §1, 1 server: requests per second. */
  final double seedThroughput;
  /** Seed 000 §1, 1 server: mean response time in ms. */
  final double seedMeanMillis;

  StandaloneApi(String label, String scenario, double seedThroughput, double seedMeanMillis) {
    this.label = label;
    this.scenario = scenario;
    this.seedThroughput = seedThroughput;
    this.seedMeanMillis = seedMeanMillis;
  }

  /** Requests in flight during the seed's run, by Little's law: throughput x mean. */
  double seedConcurrency() {
    return seedThroughput * seedMeanMillis / 1000.0;
  }

  /** The plan at the configured profile, with the run's bearer token. */
  LoadPlan plan(PerfSession perf) {
    Path telemetry = this == TELEMETRY ? TelemetryPayload.writeGzip(SunbirdMixes.dataDirectory(
        perf.config())) : null;
    return plan(perf.service("sunbird"), SunbirdBearer.of(perf), telemetry,
        perf.config().profile());
  }

  /**
   * The plan against {@code base}.
   *
   * @param gzipBody the telemetry file, used by {@link #TELEMETRY} only
   */
  LoadPlan plan(URI base, Secret bearer, Path gzipBody, LoadProfile profile) {
    String url = base.toString();
    return switch (this) {
      case CHANNEL_READ -> LoadPlan.of(scenario, profile, commonHeaders(bearer),
          SunbirdData.channels(), SunbirdRequests.channelRead(url));
      case CONTENT_READ -> LoadPlan.of(scenario, profile, commonHeaders(bearer),
          SunbirdData.content(), SunbirdRequests.contentRead(url));
      case CONTENT_HIERARCHY -> LoadPlan.of(scenario, profile, commonHeaders(bearer),
          SunbirdData.collections(), SunbirdRequests.contentHierarchy(url));
      case FRAMEWORK_READ -> LoadPlan.of(scenario, profile, commonHeaders(bearer),
          SunbirdData.frameworks(), SunbirdRequests.frameworkRead(url));
      case CONTENT_SEARCH -> LoadPlan.of(scenario, profile, commonHeaders(bearer),
          SunbirdData.dialcodes(), SunbirdRequests.contentSearch(url));
      case FORM_READ -> LoadPlan.of(scenario, profile, commonHeaders(bearer),
          SunbirdRequests.formRead(url));
      case TENANT_INFO -> LoadPlan.of(scenario, profile, commonHeaders(bearer),
          SunbirdData.tenants(), SunbirdRequests.tenantInfo(url));
      case PAGE_ASSEMBLE -> LoadPlan.of(scenario, profile, commonHeaders(bearer),
          SunbirdData.dialcodes(), SunbirdRequests.pageAssemble(url));
      case ORG_SEARCH -> LoadPlan.of(scenario, profile, commonHeaders(bearer),
          SunbirdData.orgs(), SunbirdRequests.orgSearch(url));
      case TELEMETRY -> LoadPlan.of(scenario, profile, SunbirdRequests.telemetryHeaders(bearer),
          SunbirdRequests.telemetry(url, gzipBody));
      case DEVICE_REGISTER -> LoadPlan.of(scenario, profile,
          SunbirdRequests.deviceRegisterHeaders(bearer), SunbirdRequests.deviceRegister(url));
    };
  }
}
