package dev.perfsuite.results;

import org.apache.jmeter.assertions.AssertionResult;
import org.apache.jmeter.samplers.SampleResult;

/** Sorts a failed JMeter sample into an {@link ErrorCause} from its response code and message. */
public final class ErrorClassifier {
  private static final String NON_HTTP = "Non HTTP response code:";

  private ErrorClassifier() {
  }

  static ErrorCause classify(SampleResult result) {
    if (unresolved(result)) {
      return ErrorCause.UNRESOLVED_EXPRESSION;
    }
    if (script(result)) {
      return ErrorCause.SCRIPT;
    }
    boolean assertion = false;
    for (AssertionResult a : result.getAssertionResults()) {
      assertion |= a.isFailure() || a.isError();
    }
    return classify(result.getResponseCode(), result.getResponseMessage(), assertion);
  }

  /**
   * The cause of a failed sample from what a JTL row keeps of it. That is response code and
   * message, and whether an assertion failed; the same rules as {@link #classify(SampleResult)}
   * apply short of the URL and script checks, which need the whole sample.
   */
  public static ErrorCause classify(String code, String message, boolean assertionFailed) {
    if (code != null && code.startsWith(NON_HTTP)) {
      String text = code + ' ' + message;
      if (text.contains("Timeout") || text.contains("timed out")) {
        return ErrorCause.TIMEOUT;
      }
      if (text.contains("ConnectException") || text.contains("NoRouteToHost")
          || text.contains("UnknownHost") || text.contains("Connection refused")
          || text.contains("Connection reset") || text.contains("NoHttpResponseException")) {
        return ErrorCause.CONNECT;
      }
      if (text.contains("URISyntaxException") || text.contains("IllegalArgumentException")
          || text.contains("MalformedURLException") || text.contains("Illegal character")) {
        return ErrorCause.REQUEST_NOT_SENT;
      }
      return ErrorCause.OTHER;
    }
    if (isHttpError(code)) {
      return ErrorCause.HTTP_STATUS;
    }
    return assertionFailed ? ErrorCause.ASSERTION : ErrorCause.OTHER;
  }

  /** The URL still holds <code>${</code>: JMeter sent (or failed to build) a literal expression. */
  private static boolean unresolved(SampleResult result) {
    String url = result.getUrlAsString();
    return url != null && (url.contains("${") || url.contains("%7B__") || url.contains("$%7B"));
  }

  /**
   * JSR223 and BeanShell samplers fail with the script engine's exception as response message
   * (code 500, which is not an HTTP answer).
   */
  private static boolean script(SampleResult result) {
    String message = result.getResponseMessage();
    if (message == null) {
      return false;
    }
    return message.contains("javax.script.ScriptException")
        || message.contains("org.codehaus.groovy.control.")
        || message.contains("groovy.lang.MissingPropertyException")
        || message.contains("groovy.lang.MissingMethodException")
        || message.contains("bsh.EvalError") || message.contains("bsh.ParseException")
        || message.contains("unable to resolve class");
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
