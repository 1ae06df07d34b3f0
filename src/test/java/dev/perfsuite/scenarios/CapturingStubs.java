package dev.perfsuite.scenarios;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The project's API stubs with WireMock's request journal on, so a request-fidelity test can run
 * a scenario once and inspect every request it sent (method, path, headers, body).
 */
public final class CapturingStubs implements AutoCloseable {
  private final WireMockServer server;

  private CapturingStubs(WireMockServer server) {
    this.server = server;
  }

  /** Starts on an ephemeral loopback port with the mappings of src/test/resources/wiremock. */
  public static CapturingStubs start() {
    WireMockServer server = new WireMockServer(WireMockConfiguration.options()
        .bindAddress("127.0.0.1").dynamicPort().templatingEnabled(true)
        .usingFilesUnderDirectory(mappingsRoot().toString()));
    server.start();
    return new CapturingStubs(server);
  }

  private static Path mappingsRoot() {
    try {
      return Path.of(CapturingStubs.class.getClassLoader().getResource("wiremock/mappings").toURI())
          .getParent();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Base URL ending in '/'. */
  public URI base() {
    return URI.create("http://127.0.0.1:" + server.port() + "/");
  }

  /** The underlying server, to add stubs a scenario needs (e.g. the portal login redirect). */
  public WireMockServer server() {
    return server;
  }

  /**
   * Every request received so far with the stubs' answer, in arrival order. WireMock lists serve
   * events newest first; reversing that list keeps arrival order even for requests logged in the
   * same millisecond, where a sort on the logged date would keep WireMock's newest-first order and
   * swap them.
   */
  public List<ServeEvent> events() {
    List<ServeEvent> arrival = new ArrayList<>(server.getAllServeEvents());
    Collections.reverse(arrival);
    return List.copyOf(arrival);
  }

  /** Every request received so far, in arrival order (see {@link #events()}). */
  public List<LoggedRequest> requests() {
    return events().stream().map(event -> (LoggedRequest) event.getRequest()).toList();
  }

  /** Forgets captured requests between scenarios. */
  public void reset() {
    server.resetRequests();
  }

  @Override
  public void close() {
    server.stop();
  }
}
