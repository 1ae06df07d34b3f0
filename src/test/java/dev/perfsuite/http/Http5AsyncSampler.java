package dev.perfsuite.http;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.concurrent.ExecutionException;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.reactor.IOReactorConfig;

/**
 * Bench-only candidate: Apache HttpClient 5's async client, one instance shared by every user,
 * its I/O reactor on as many threads as cores and one pool for all users (so users share
 * connections, unlike JMeter's per-user ones), sized to never make a user wait for one.
 */
public class Http5AsyncSampler extends CandidateSampler {
  private static final long serialVersionUID = 1L;
  private static final int CONNECTIONS = 20_000;
  private static final CloseableHttpAsyncClient CLIENT = start();

  private static CloseableHttpAsyncClient start() {
    CloseableHttpAsyncClient client = HttpAsyncClients.custom()
        .setIOReactorConfig(IOReactorConfig.custom()
            .setIoThreadCount(Runtime.getRuntime().availableProcessors()).build())
        .setConnectionManager(PoolingAsyncClientConnectionManagerBuilder.create()
            .setMaxConnTotal(CONNECTIONS).setMaxConnPerRoute(CONNECTIONS).build())
        .disableCookieManagement().disableRedirectHandling().disableAutomaticRetries()
        .build();
    client.start();
    return client;
  }

  @Override
  Answer exchange(URL url, String method) throws IOException, InterruptedException {
    SimpleHttpResponse response;
    try {
      response = CLIENT.execute(SimpleRequestBuilder.create(method).setUri(url.toURI()).build(),
          null).get();
    } catch (URISyntaxException e) {
      throw new IOException(e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    }
    StringBuilder headers = new StringBuilder();
    for (Header header : response.getHeaders()) {
      headers.append(header.getName()).append(": ").append(header.getValue()).append('\n');
    }
    return new Answer(response.getCode(), headers.toString(), response.getBodyBytes());
  }
}
