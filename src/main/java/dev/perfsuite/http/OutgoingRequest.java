package dev.perfsuite.http;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.net.URL;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.http.impl.client.HttpClientBuilder;
import org.apache.http.util.VersionInfo;
import org.apache.jmeter.protocol.http.control.AuthManager;
import org.apache.jmeter.protocol.http.control.Authorization;
import org.apache.jmeter.protocol.http.control.CacheManager;
import org.apache.jmeter.protocol.http.control.CookieManager;
import org.apache.jmeter.protocol.http.control.Header;
import org.apache.jmeter.protocol.http.control.HeaderManager;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.util.JMeterUtils;

/**
 * The request a sampler sends, with the headers HttpClient 4 would send in JMeter.
 *
 * <p>Those are: keep-alive or close as the sampler asks, the Header Manager's headers (a
 * {@code Host} there wins, its default port dropped; {@code Content-Length} never taken from
 * it), the Cache Manager's validators, the Cookie Manager's cookies, Basic credentials sent
 * pre-emptively, then {@code Content-Type} and {@code Content-Length} of a body and the
 * {@code Host}.
 *
 * @param cookies the Cookie header sent, for the sample result (empty when none)
 * @param shownBody what the sample result shows as the body (its "query string")
 */
record OutgoingRequest(String method, URL url, List<Map.Entry<String, String>> headers,
    byte[] body, String cookies, String shownBody) {
  private static final byte[] NONE = new byte[0];

  /**
   * What {@code sampler} sends to {@code url}; {@code followingRedirect} drops a GET's body, as
   * HttpClient 4 does.
   */
  static OutgoingRequest of(HTTPSamplerBase sampler, URL url, String method,
      boolean followingRedirect) throws IOException {
    List<Map.Entry<String, String>> headers = new ArrayList<>(8);
    add(headers, "Connection", sampler.getUseKeepAlive() ? "keep-alive" : "close");
    HeaderManager headerManager = sampler.getHeaderManager();
    if (headerManager != null) {
      for (JMeterProperty property : headerManager.getHeaders()) {
        Header header = (Header) property.getObjectValue();
        String name = header.getName();
        if ("Content-Length".equalsIgnoreCase(name)) {
          continue;
        }
        add(headers, name, "Host".equalsIgnoreCase(name) ? host(header.getValue(), url)
            : header.getValue());
      }
    }
    CacheManager cache = sampler.getCacheManager();
    if (cache != null) {
      CacheHeaders.add(cache, url, headers);
    }
    String cookies = "";
    CookieManager cookieManager = sampler.getCookieManager();
    if (cookieManager != null) {
      String cookie = cookieManager.getCookieHeaderForURL(url);
      if (cookie != null) {
        add(headers, "Cookie", cookie);
        cookies = cookie;
      }
    }
    AuthManager authManager = sampler.getAuthManager();
    if (authManager != null) {
      Authorization auth = authManager.getAuthForURL(url);
      if (auth != null && auth.getMechanism() == AuthManager.Mechanism.BASIC) {
        add(headers, "Authorization", auth.toBasicHeader());
      }
    }
    byte[] body = NONE;
    String shown = null;
    if (hasBody(sampler, method, followingRedirect)) {
      RequestBody built = RequestBody.of(sampler);
      body = built.bytes();
      shown = built.shown();
      if (sampler.getUseMultipart()) {
        headers.removeIf(h -> "Content-Type".equalsIgnoreCase(h.getKey()));
      }
      if (built.contentType() != null && value(headers, "Content-Type") == null) {
        add(headers, "Content-Type", built.contentType());
      }
      add(headers, "Content-Length", Integer.toString(body.length));
    }
    if (value(headers, "Host") == null) {
      add(headers, "Host", url.getPort() == -1 ? url.getHost()
          : url.getHost() + ":" + url.getPort());
    }
    String agent = DefaultAgent.VALUE;
    if (agent != null && value(headers, "User-Agent") == null) {
      add(headers, "User-Agent", agent);
    }
    return new OutgoingRequest(method, url, headers, body, cookies, shown);
  }

  /**
   * The User-Agent HttpClient 4 sends when the plan sets none, built by HttpClient's own
   * {@code VersionInfo}.
   *
   * <p>Such as "Apache-HttpClient/4.5.14 (Java/17.0.12)": a server that treats clients by their
   * agent sees the same one. Null when JMeter's {@code httpclient4.default_user_agent_disabled}
   * is true. Read once, as JMeter reads it.
   */
  private static final class DefaultAgent {
    static final String VALUE = JMeterUtils.getPropDefault(
        "httpclient4.default_user_agent_disabled", false) ? null
        : VersionInfo.getUserAgent("Apache-HttpClient", "org.apache.http.client",
            HttpClientBuilder.class);

    private DefaultAgent() {
    }
  }

  /** The request as Netty writes it. */
  FullHttpRequest toNetty() {
    String target = url.getFile().isEmpty() ? "/" : url.getFile();
    FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1,
        HttpMethod.valueOf(method), target, Unpooled.wrappedBuffer(body));
    headers.forEach(h -> request.headers().add(h.getKey(), h.getValue()));
    return request;
  }

  /** The request headers as JMeter shows them: one "Name: value" a line, Cookie left out. */
  String shownHeaders() {
    int length = 0;
    for (Map.Entry<String, String> header : headers) {
      length += SampleFields.lineLength(header);
    }
    StringBuilder shown = new StringBuilder(length);
    for (Map.Entry<String, String> header : headers) {
      if (!"Cookie".equalsIgnoreCase(header.getKey())) {
        shown.append(header.getKey()).append(": ").append(header.getValue()).append('\n');
      }
    }
    return shown.toString();
  }

  boolean keepAlive() {
    return !"close".equalsIgnoreCase(value(headers, "Connection"));
  }

  static String value(List<Map.Entry<String, String>> headers, String name) {
    for (Map.Entry<String, String> header : headers) {
      if (header.getKey().equalsIgnoreCase(name)) {
        return header.getValue();
      }
    }
    return null;
  }

  private static boolean hasBody(HTTPSamplerBase sampler, String method,
      boolean followingRedirect) {
    return switch (method) {
      case "POST", "PUT", "PATCH", "DELETE" -> true;
      case "GET" -> !followingRedirect && ((!sampler.hasArguments()
          && sampler.getSendFileAsPostBody()) || sampler.getSendParameterValuesAsPostBody());
      default -> false;
    };
  }

  /** A Header Manager's Host, its port kept only when it is not the scheme's default. */
  private static String host(String value, URL url) {
    String name = value.replaceFirst(":\\d+$", "");
    int port = value.matches(".*:\\d+$")
        ? Integer.parseInt(value.substring(value.lastIndexOf(':') + 1)) : url.getPort();
    return port == -1 || port == url.getDefaultPort() ? name : name + ":" + port;
  }

  private static void add(List<Map.Entry<String, String>> headers, String name, String value) {
    headers.add(new SimpleImmutableEntry<>(name, value));
  }
}
