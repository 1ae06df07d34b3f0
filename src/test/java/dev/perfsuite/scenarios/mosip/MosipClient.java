package dev.perfsuite.scenarios.mosip;

import static us.abstracta.jmeter.javadsl.JmeterDsl.csvDataSet;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testResource;

import dev.perfsuite.config.Secret;
import dev.perfsuite.config.Secrets;
import dev.perfsuite.junit.PerfSession;
import java.util.Optional;
import us.abstracta.jmeter.javadsl.core.configs.DslCsvDataSet;

/**
 * The auth manager client a journey authenticates as: {@code clientId} and {@code appId} from
 * {@value #CSV} (header {@code clientId,secretKey,appId}, as the reference scripts' file); the
 * secret key from that file only against the local stubs, which accept any secret (the committed
 * value is a placeholder), and from {@value #SECRET_ENV} for a named target.
 *
 * @param secretKey the real secret for a named target; empty against the local stubs
 */
record MosipClient(Optional<Secret> secretKey) {
  static final String CSV = "data/mosip/authManagerClientIdSecretKeyDetails.csv";
  /** Environment variable (or {@code _FILE} form) holding the secret key of a named target. */
  static final String SECRET_ENV = "PERF_MOSIP_SECRET_KEY";

  /**
   * The client of this run: the CSV's placeholder when local, else the secret from the
   * environment.
   */
  static MosipClient of(PerfSession perf) {
    return perf.config().target().isLocal() ? local()
        : new MosipClient(Optional.of(secretKeyFromEnvironment()));
  }

  /** The CSV's row as is, for the local stubs and for fidelity tests. */
  static MosipClient local() {
    return new MosipClient(Optional.empty());
  }

  /**
   * The CSV data set: its header names the variables locally; for a named target the secret
   * column is read into an unused variable so that only the environment's secret is sent.
   */
  DslCsvDataSet csv() {
    DslCsvDataSet csv = csvDataSet(testResource(CSV));
    return secretKey.isEmpty() ? csv
        : csv.variableNames("clientId", "csvSecretKeyPlaceholder", "appId").ignoreFirstLine();
  }

  /**
   * The value of {@code request.secretKey} in the authenticate body: JSON-escaped, then escaped
   * for JMeter, whose parser drops a backslash before {@code \}, {@code $} and {@code ,} in any
   * string holding {@code ${...}} and would evaluate a {@code ${...}} inside the secret.
   */
  String secretKeyJson() {
    return secretKey.map(s -> s.reveal().replace("\\", "\\\\").replace("\"", "\\\"")
            .replace("\\", "\\\\").replace("$", "\\$"))
        .orElse("${secretKey}");
  }

  /**
   * {@value #SECRET_ENV} (or its {@code _FILE} form) through {@link Secrets}, which masks it in
   * every result file.
   */
  static Secret secretKeyFromEnvironment() {
    return Secrets.fromEnvironment().required(SECRET_ENV);
  }
}
