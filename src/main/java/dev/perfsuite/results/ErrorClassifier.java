package dev.perfsuite.results;

import org.apache.jmeter.assertions.AssertionResult;
import org.apache.jmeter.samplers.SampleResult;

/** Sorts a failed JMeter sample into an {@link ErrorCause} from its response code and message. */
final class ErrorClassifier {
  private static final String NON_HTTP = "Non HTTP response code:";

  private ErrorClassifier() {
  }

  static ErrorCause classify(SampleResult result) {
    String code = result.getResponseCode();
    if (code != null && code.startsWith(NON_HTTP)) {
      String text = code + ' ' + result.getResponseMessage();
      if (text.contains("Timeout") || text.contains("timed out")) {
        return ErrorCause.TIMEOUT;
      }
      if (text.contains("ConnectException") || text.contains("NoRouteToHost")
          || text.contains("UnknownHost") || text.contains("Connection refused")
          || text.contains("Connection reset") || text.contains("NoHttpResponseException")) {
        return ErrorCause.CONNECT;
      }
      return ErrorCause.OTHER;
    }
    if (isHttpError(code)) {
      return ErrorCause.HTTP_STATUS;
    }
    for (AssertionResult assertion : result.getAssertionResults()) {
      if (assertion.isFailure() || assertion.isError()) {
        return ErrorCause.ASSERTION;
      }
    }
    return ErrorCause.OTHER;
  }

  static boolean isHttpError(String code) {
    if (code == null || code.length() != 3) {
      return false;
    }
    char first = code.charAt(0);
    return (first == '4' || first == '5')
        && Character.isDigit(code.charAt(1)) && Character.isDigit(code.charAt(2));
  }
}
