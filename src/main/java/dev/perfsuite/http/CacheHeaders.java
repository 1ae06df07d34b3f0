package dev.perfsuite.http;

import java.net.URL;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.List;
import java.util.Map;
import org.apache.http.HttpResponse;
import org.apache.http.HttpVersion;
import org.apache.http.client.methods.HttpGet;
import org.apache.http.message.BasicHttpResponse;
import org.apache.jmeter.protocol.http.control.CacheManager;
import org.apache.jmeter.protocol.http.control.Header;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter's Cache Manager through the HttpClient 4 types its public methods take.
 *
 * <p>It answers the validators the manager adds to a request, whether a GET is served from the
 * cache (and what the sample then is, by {@code cache_manager.cached_resource_mode}, as JMeter
 * decides it), and what a response leaves in the cache.
 */
final class CacheHeaders {
  private CacheHeaders() {
  }

  /** Adds the cache's validators ({@code If-Modified-Since}, {@code If-None-Match}). */
  static void add(CacheManager cache, URL url, List<Map.Entry<String, String>> headers) {
    HttpGet probe = new HttpGet(url.toString());
    cache.setHeaders(url, probe);
    for (org.apache.http.Header header : probe.getAllHeaders()) {
      headers.add(new SimpleImmutableEntry<>(header.getName(), header.getValue()));
    }
  }

  static boolean served(CacheManager cache, URL url, List<Map.Entry<String, String>> headers) {
    Header[] asJmeter = headers.stream().map(h -> new Header(h.getKey(), h.getValue()))
        .toArray(Header[]::new);
    return cache.inCache(url, asJmeter);
  }

  /**
   * The sample of a GET served from the cache: none (JMeter's default), 200 with
   * "(ex cache)", or the configured status.
   */
  static HTTPSampleResult fromCache(HTTPSampleResult result) {
    String mode = JMeterUtils.getPropDefault("cache_manager.cached_resource_mode",
        "RETURN_NO_SAMPLE");
    switch (mode) {
      case "RETURN_200_CACHE" -> {
        result.sampleEnd();
        result.setResponseCodeOK();
        result.setResponseMessage(JMeterUtils.getPropDefault("RETURN_200_CACHE.message",
            "(ex cache)"));
        result.setSuccessful(true);
        return result;
      }
      case "RETURN_CUSTOM_STATUS" -> {
        result.sampleEnd();
        result.setResponseCode(JMeterUtils.getProperty("RETURN_CUSTOM_STATUS.code"));
        result.setResponseMessage(JMeterUtils.getProperty("RETURN_CUSTOM_STATUS.message"));
        result.setSuccessful(true);
        return result;
      }
      default -> {
        return null;
      }
    }
  }

  static void save(CacheManager cache, WireResponse response, HTTPSampleResult result) {
    HttpResponse asHc4 = new BasicHttpResponse(HttpVersion.HTTP_1_1, response.status(),
        response.reason());
    response.headers().forEach(h -> asHc4.addHeader(h.getKey(), h.getValue()));
    cache.saveDetails(asHc4, result);
  }
}
