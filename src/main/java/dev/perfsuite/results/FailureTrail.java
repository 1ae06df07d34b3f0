package dev.perfsuite.results;

import dev.perfsuite.config.Secrets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.apache.jmeter.assertions.AssertionResult;
import org.apache.jmeter.samplers.SampleResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the first failure of each {@link ErrorCause} whole, as {@code failures/<cause>.txt} beside
 * the JTL. It holds label, response code and message, assertion messages, the request (line,
 * headers, body head) and the response (headers, body head), secrets masked.
 *
 * <p>Transaction samples are skipped: their failing child is the sample a reader needs, and it
 * arrives as a sample of its own (or, for a transaction that generates a parent sample, as one of
 * its sub-results the recorder passes on).
 */
final class FailureTrail implements SampleObserver {
  /** The folder beside the JTL. */
  static final String FOLDER = "failures";
  /** Characters of a request or response body kept: enough to read an error page's point. */
  private static final int BODY_HEAD = 2_000;
  private static final Logger LOG = LoggerFactory.getLogger(FailureTrail.class);
  /** A header line whose value is a credential; group 1 keeps the name and the colon. */
  private static final Pattern CREDENTIAL_HEADER = Pattern.compile(
      "(?im)^((?:proxy-)?authorization:[ \\t]*|(?:set-)?cookie:[ \\t]*)[^\\r\\n]*");
  /** JMeter's sampler data lists the cookies it sent under "Cookie Data:". */
  private static final Pattern COOKIE_DATA =
      Pattern.compile("(?m)^(Cookie Data:\\r?\\n)[^\\r\\n]*");

  private final Path folder;
  private final Map<ErrorCause, Boolean> kept = new ConcurrentHashMap<>();

  private FailureTrail(Path folder) {
    this.folder = folder;
  }

  /** The trail of the run writing {@code jtl}: {@code failures/} in the JTL's folder. */
  static FailureTrail beside(Path jtl) {
    return new FailureTrail(jtl.toAbsolutePath().getParent().resolve(FOLDER));
  }

  @Override
  public void sample(SampleResult result, Phase phase, ErrorCause cause, boolean transaction,
      SampleTiming timing) {
    if (cause == null || transaction || kept.putIfAbsent(cause, Boolean.TRUE) != null) {
      return;
    }
    Path file = folder.resolve(cause.name().toLowerCase(Locale.ROOT) + ".txt");
    try {
      Files.createDirectories(folder);
      Files.writeString(file, masked(describe(result, cause)), StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      // The run's figures matter more than the trail: a full disk must not fail a sample.
      LOG.warn("first {} failure not kept in {}: {}", cause, file, e.toString());
    }
  }

  /**
   * {@code trail} with credentials masked, declared or not. These are the values of the headers
   * that carry them ({@code Authorization}, {@code Proxy-Authorization}, {@code Cookie},
   * {@code Set-Cookie}) and JMeter's cookie section; then every declared secret in any spelling
   * ({@link Secrets#mask}).
   */
  static String masked(String trail) {
    String headers = CREDENTIAL_HEADER.matcher(trail).replaceAll("$1****");
    return Secrets.mask(COOKIE_DATA.matcher(headers).replaceAll("$1****"));
  }

  /** The whole story of one failed sample, as a reader of the results folder needs it. */
  static String describe(SampleResult result, ErrorCause cause) {
    StringBuilder text = new StringBuilder();
    text.append("First failure of cause ").append(cause.name().toLowerCase(Locale.ROOT))
        .append(" in this run\n\nlabel: ").append(result.getSampleLabel())
        .append("\nthread: ").append(result.getThreadName())
        .append("\nresponse code: ").append(result.getResponseCode())
        .append("\nresponse message: ").append(result.getResponseMessage())
        .append("\nelapsed: ").append(result.getTime()).append(" ms, sent ")
        .append(result.getSentBytes()).append(" bytes, received ")
        .append(result.getBytesAsLong()).append(" bytes\n");
    for (AssertionResult assertion : result.getAssertionResults()) {
      if (assertion.isFailure() || assertion.isError()) {
        text.append("assertion '").append(assertion.getName()).append("': ")
            .append(assertion.getFailureMessage()).append('\n');
      }
    }
    text.append("\n--- request ---\n").append(head(result.getSamplerData()));
    String requestHeaders = result.getRequestHeaders();
    if (requestHeaders != null && !requestHeaders.isBlank()) {
      text.append("\n[request headers]\n").append(requestHeaders);
    }
    text.append("\n--- response ---\n").append(result.getResponseHeaders())
        .append('\n').append(head(result.getResponseDataAsString())).append('\n');
    return text.toString();
  }

  private static String head(String text) {
    if (text == null) {
      return "";
    }
    return text.length() <= BODY_HEAD ? text
        : text.substring(0, BODY_HEAD) + "\n[... " + (text.length() - BODY_HEAD) + " more]";
  }
}
