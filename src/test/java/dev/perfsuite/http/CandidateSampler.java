package dev.perfsuite.http;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.samplers.SampleResult;

/**
 * A bench-only client candidate under JMeter's HTTP sampler: the result's bookkeeping shared, so
 * candidates differ only in the client they send on.
 *
 * <p>Only what {@code HttpClientBench}'s plan needs (a GET without body; the response's code,
 * headers and body): no cookies, cache, auth, redirects within the sample or byte counts as on
 * the wire, so a candidate's figures are a lower bound of what a full sampler on it would cost.
 */
abstract class CandidateSampler extends HTTPSamplerBase {
  private static final long serialVersionUID = 1L;

  /** A complete response as the candidate client returns it. */
  record Answer(int status, String headers, byte[] body) {
  }

  /** Sends one request on the candidate client, the user's thread waiting for the answer. */
  abstract Answer exchange(URL url, String method) throws IOException, InterruptedException;

  @Override
  protected final HTTPSampleResult sample(URL url, String method, boolean areFollowingRedirect,
      int depth) {
    HTTPSampleResult result = new HTTPSampleResult();
    result.setSampleLabel(SampleResult.isRenameSampleLabel() ? getName() : url.toString());
    result.setHTTPMethod(method);
    result.setURL(url);
    result.sampleStart();
    Answer answer;
    try {
      answer = exchange(url, method);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return errorResult(new InterruptedIOException("interrupted"), result);
    } catch (IOException e) {
      return errorResult(e, result);
    }
    // The candidates buffer the whole response: latency is the end.
    result.latencyEnd();
    result.sampleEnd();
    result.setResponseCode(Integer.toString(answer.status()));
    result.setResponseMessage(answer.status() == 200 ? "OK" : "");
    result.setSuccessful(isSuccessCode(answer.status()));
    result.setResponseHeaders(answer.headers());
    result.setResponseData(answer.body() == null ? new byte[0] : answer.body());
    result.setHeadersSize(answer.headers().getBytes(StandardCharsets.ISO_8859_1).length);
    result.setBodySize((long) result.getResponseData().length);
    result.setDataType(SampleResult.TEXT);
    return resultProcessing(areFollowingRedirect, depth, result);
  }
}
