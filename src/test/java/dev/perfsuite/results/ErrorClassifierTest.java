package dev.perfsuite.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.nio.file.Path;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Causes that name what failed instead of OTHER or HTTP 500. */
class ErrorClassifierTest {
  private static SampleResult failed(String code, String message) {
    SampleResult result = new SampleResult();
    result.setSuccessful(false);
    result.setResponseCode(code);
    result.setResponseMessage(message);
    return result;
  }

  @Test
  void shouldClassifyARequestWhoseUrlStillHoldsAnExpressionAsUnresolved() throws Exception {
    SampleResult result = failed("Non HTTP response code: java.net.UnknownHostException",
        "Non HTTP response message: ${__env(webapp,,)}");
    result.setURL(new URL("http://127.0.0.1:8080/app/${__env(webapp,,)}"));
    assertThat(ErrorClassifier.classify(result)).as("not CONNECT or OTHER")
        .isEqualTo(ErrorCause.UNRESOLVED_EXPRESSION);
  }

  @Test
  void shouldClassifyAScriptCompileErrorAsScriptNotHttp500() {
    SampleResult result = failed("500", "javax.script.ScriptException: "
        + "org.codehaus.groovy.control.MultipleCompilationErrorsException: startup failed:\n"
        + "Script1.groovy: 1: unable to resolve class com.team.Signer");
    assertThat(ErrorClassifier.classify(result)).as("a JSR223 sampler's 500 is no HTTP answer")
        .isEqualTo(ErrorCause.SCRIPT);
  }

  @Test
  void shouldKeepAnHttp500FromTheServerAsHttpStatus() throws Exception {
    SampleResult result = failed("500", "Internal Server Error");
    result.setURL(new URL("http://127.0.0.1:8080/orders"));
    assertThat(ErrorClassifier.classify(result)).isEqualTo(ErrorCause.HTTP_STATUS);
  }

  @Test
  void shouldClassifyARequestTheClientCouldNotBuildAsNotSentNotOther() {
    assertThat(ErrorClassifier.classify("Non HTTP response code: java.net.URISyntaxException",
        "Non HTTP response message: Illegal character in path at index 32", false))
        .as("an invalid URL: nothing reached the target").isEqualTo(ErrorCause.REQUEST_NOT_SENT);
    assertThat(ErrorClassifier.classify("Non HTTP response code: "
        + "java.lang.IllegalArgumentException", "Non HTTP response message: bad port", false))
        .isEqualTo(ErrorCause.REQUEST_NOT_SENT);
  }

  @Test
  void shouldKeepTheFirstFailureOfACauseWholeBesideTheJtl(@TempDir
      Path dir) throws Exception {
    FailureTrail trail = FailureTrail.beside(dir.resolve("results.jtl"));
    SampleResult first = failed("Non HTTP response code: java.net.URISyntaxException",
        "Illegal character in path");
    first.setSampleLabel("GET voucher");
    first.setSamplerData("GET http://127.0.0.1:1/vouchers/{code}");
    SampleResult second = failed("Non HTTP response code: java.net.URISyntaxException", "later");
    second.setSampleLabel("GET other");
    trail.sample(first, Phase.MEASUREMENT, ErrorCause.REQUEST_NOT_SENT, false);
    trail.sample(second, Phase.MEASUREMENT, ErrorCause.REQUEST_NOT_SENT, false);
    assertThat(dir.resolve("failures/request_not_sent.txt")).as("the first, whole").content()
        .contains("label: GET voucher").contains("GET http://127.0.0.1:1/vouchers/{code}")
        .contains("Illegal character in path").doesNotContain("GET other");
  }
}
