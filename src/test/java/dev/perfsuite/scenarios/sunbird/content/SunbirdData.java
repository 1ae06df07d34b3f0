package dev.perfsuite.scenarios.sunbird.content;

import static us.abstracta.jmeter.javadsl.JmeterDsl.csvDataSet;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testResource;

import us.abstracta.jmeter.javadsl.core.configs.DslCsvDataSet;
import us.abstracta.jmeter.javadsl.core.configs.DslCsvDataSet.Sharing;

/**
 * The reference scripts' CSV data sets (docs/reference/seed-systems.md §A.1), from
 * {@code src/test/resources/data/sunbird}: the same file names, variable names and header rules,
 * shared by the thread group and recycled at the end of the file, as the JMX files configure them
 * ({@code shareMode.group}, {@code recycle=true}, {@code stopThread=false}).
 *
 * <p>{@code urls.csv} and {@code bearer.csv} have no counterpart: the host comes from
 * {@code perf.service("sunbird")} and the token from {@link SunbirdBearer}.
 */
final class SunbirdData {

  private SunbirdData() {
  }

  /** {@code channelIdentifier}, no header row. */
  static DslCsvDataSet channels() {
    return headerless("channels.csv", "channelIdentifier");
  }

  /** {@code collectionIdentifier} (do_ ids of courses and textbooks), no header row. */
  static DslCsvDataSet collections() {
    return headerless("collections.csv", "collectionIdentifier");
  }

  /** {@code contentIdentifier} (do_ ids), no header row. */
  static DslCsvDataSet content() {
    return headerless("content.csv", "contentIdentifier");
  }

  /** {@code dialcode} (QR codes such as A89EA2), no header row. */
  static DslCsvDataSet dialcodes() {
    return headerless("dialcodes.csv", "dialcode");
  }

  /** {@code identifier} of a framework (e.g. NCF), no header row. */
  static DslCsvDataSet frameworks() {
    return headerless("frameworks.csv", "identifier");
  }

  /** {@code slug,identifier,isRootOrg}, header row skipped. */
  static DslCsvDataSet orgs() {
    return withHeader("orgs.csv", "slug", "identifier", "isRootOrg");
  }

  /** {@code tenantName}, header row skipped. */
  static DslCsvDataSet tenants() {
    return withHeader("tenants.csv", "tenantName");
  }

  private static DslCsvDataSet headerless(String file, String... variables) {
    return csvDataSet(testResource("data/sunbird/" + file)).variableNames(variables)
        .ignoreFirstLine(false).sharedIn(Sharing.THREAD_GROUP);
  }

  private static DslCsvDataSet withHeader(String file, String... variables) {
    return csvDataSet(testResource("data/sunbird/" + file)).variableNames(variables)
        .ignoreFirstLine(true).sharedIn(Sharing.THREAD_GROUP);
  }
}
