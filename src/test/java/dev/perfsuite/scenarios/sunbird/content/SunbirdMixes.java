package dev.perfsuite.scenarios.sunbird.content;

import static dev.perfsuite.scenarios.sunbird.content.SunbirdRequests.commonHeaders;
import static us.abstracta.jmeter.javadsl.JmeterDsl.transaction;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.config.Secret;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.profiles.LoadProfile;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * The two mixed Sunbird plans through the public API gateway paths: SoakTest.jmx's nine APIs in
 * sequence (docs/reference/seed-systems.md §A.3) and the production ratio of seed 000 §5.
 */
final class SunbirdMixes {
  /** Scenario name of the SoakTest mix. */
  static final String SOAK_SCENARIO = "sunbird-soak-mix";
  /** Scenario name of the production-ratio mix. */
  static final String PRODUCTION_SCENARIO = "sunbird-production-mix";
  /** Transaction label of one SoakTest iteration (nine requests). */
  static final String SOAK_ITERATION = "SoakTest iteration";
  /** Transaction label of one production-ratio iteration (fifteen requests). */
  static final String PRODUCTION_ITERATION = "ProductionMix iteration";

  /** SoakTest.jmx's samplers in order: one of each per iteration, so 1:1. */
  static final List<String> SOAK_LABELS = List.of("ContentHierarchy", "ContentRead",
      "DialSearch", "FormRead", "OrgSearch", "DeviceRegister", "SendTelemetry", "PageAssemble",
      "TenantInfo");

  /**
   * Seed 000 §5's samples per API divided by 420,000 (600 threads x 700 loops): requests of each
   * API per iteration, 15 in all.
   */
  static final Map<String, Integer> PRODUCTION_WEIGHTS = productionWeights();

  private SunbirdMixes() {
  }

  private static Map<String, Integer> productionWeights() {
    Map<String, Integer> weights = new LinkedHashMap<>();
    weights.put("CompositeSearch", 2);
    weights.put("ContentHierarchy", 1);
    weights.put("ContentRead", 4);
    weights.put("DialAssemble", 1);
    weights.put("DialSearch", 1);
    weights.put("FormRead", 1);
    weights.put("OrgSearch", 1);
    weights.put("SendTelemetry", 3);
    weights.put("TenantInfo", 1);
    return Collections.unmodifiableMap(weights);
  }

  /** Where generated request bodies go: {@code perf-data/sunbird} beside the results directory. */
  static Path dataDirectory(PerfConfig config) {
    return config.resultsDir().toAbsolutePath().resolveSibling("perf-data").resolve("sunbird");
  }

  /**
   * SoakTest.jmx: the common Header Manager, the CSVs of content, collections, DIAL codes, orgs
   * and tenants, and nine samplers in the reference order, wrapped in one transaction.
   */
  static LoadPlan soakTest(URI base, Secret bearer, Path gzipBody, LoadProfile profile) {
    String url = base.toString();
    return LoadPlan.of(SOAK_SCENARIO, profile, mixData(commonHeaders(bearer),
        transaction(SOAK_ITERATION,
            SunbirdRequests.gatewayContentHierarchy(url),
            SunbirdRequests.gatewayContentRead(url),
            SunbirdRequests.dialSearch(url),
            SunbirdRequests.gatewayFormRead(url),
            SunbirdRequests.gatewayOrgSearch(url),
            SunbirdRequests.gatewayDeviceRegister(url),
            SunbirdRequests.sendTelemetry(url, gzipBody, bearer),
            SunbirdRequests.gatewayPageAssemble("PageAssemble", url),
            SunbirdRequests.tenantInfo(url))));
  }

  /**
   * The production ratio as a fixed sequence of {@link #productionSequence()} per iteration, so
   * every complete iteration has exactly the seed's ratio and a cut-off iteration (warm-up
   * boundary, end of the run) shifts no label by a whole request (see
   * {@link #productionSequence()}).
   */
  static LoadPlan productionRatio(URI base, Secret bearer, Path gzipBody, LoadProfile profile) {
    String url = base.toString();
    List<ThreadGroupChild> requests = new ArrayList<>();
    for (String label : productionSequence()) {
      requests.add(switch (label) {
        case "CompositeSearch" -> SunbirdRequests.compositeSearch(url);
        case "ContentHierarchy" -> SunbirdRequests.gatewayContentHierarchy(url);
        case "ContentRead" -> SunbirdRequests.gatewayContentRead(url);
        case "DialAssemble" -> SunbirdRequests.gatewayPageAssemble("DialAssemble", url);
        case "DialSearch" -> SunbirdRequests.dialSearch(url);
        case "FormRead" -> SunbirdRequests.gatewayFormRead(url);
        case "OrgSearch" -> SunbirdRequests.gatewayOrgSearch(url);
        case "SendTelemetry" -> SunbirdRequests.sendTelemetry(url, gzipBody, bearer);
        case "TenantInfo" -> SunbirdRequests.tenantInfo(url);
        default -> throw new IllegalStateException("no request for " + label);
      });
    }
    return LoadPlan.of(PRODUCTION_SCENARIO, profile, mixData(commonHeaders(bearer),
        transaction(PRODUCTION_ITERATION, requests.toArray(ThreadGroupChild[]::new))));
  }

  private static ThreadGroupChild[] mixData(ThreadGroupChild headers,
      ThreadGroupChild iteration) {
    return new ThreadGroupChild[] {headers, SunbirdData.content(), SunbirdData.collections(),
        SunbirdData.dialcodes(), SunbirdData.orgs(), SunbirdData.tenants(), iteration};
  }

  /**
   * The fifteen requests of one production-ratio iteration in smooth weighted round-robin order
   * (nginx's algorithm): each API appears as many times as its weight, spread out so that after
   * any number {@code n} of requests every API has had {@code n * weight / 15} of them within less
   * than one request (at most 0.73 here). A thread that stops, or a warm-up boundary that falls,
   * inside an iteration therefore moves each label's count by less than one request at each end.
   */
  static List<String> productionSequence() {
    List<String> labels = new ArrayList<>(PRODUCTION_WEIGHTS.keySet());
    int total = PRODUCTION_WEIGHTS.values().stream().mapToInt(Integer::intValue).sum();
    int[] current = new int[labels.size()];
    List<String> sequence = new ArrayList<>();
    for (int step = 0; step < total; step++) {
      int best = 0;
      for (int i = 0; i < labels.size(); i++) {
        current[i] += PRODUCTION_WEIGHTS.get(labels.get(i));
        if (current[i] > current[best]) {
          best = i;
        }
      }
      current[best] -= total;
      sequence.add(labels.get(best));
    }
    return List.copyOf(sequence);
  }
}
