package dev.perfsuite.backends.stubs;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.common.Notifier;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.perfsuite.backends.BackendException;
import dev.perfsuite.backends.BackendLogs;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * WireMock inside this JVM on an ephemeral loopback port.
 *
 * <p>Quiet by design: nothing is printed, and matched requests are not even formatted for a log;
 * what WireMock reports (admin calls, unmatched requests) is kept for {@link #logTail()}. The
 * request journal is off, so memory stays flat under load.
 */
final class StubEmbedded implements StubRuntime {
  private final WireMockServer server;
  private final TailNotifier log = new TailNotifier(200);

  private StubEmbedded() {
    WireMockConfiguration options = WireMockConfiguration.options()
        .bindAddress("127.0.0.1")
        .dynamicPort()
        .templatingEnabled(true)
        .globalTemplating(false)
        .disableRequestJournal()
        .stubRequestLoggingDisabled(true)
        .notifier(log);
    StubFiles.directory().ifPresentOrElse(dir -> options.usingFilesUnderDirectory(dir.toString()),
        () -> options.usingFilesUnderClasspath(StubFiles.ROOT));
    server = new WireMockServer(options);
  }

  static StubEmbedded start() {
    StubEmbedded stubs = new StubEmbedded();
    try {
      stubs.server.start();
    } catch (RuntimeException e) {
      stubs.close();
      throw new BackendException("API stubs (embedded WireMock) did not start: " + e.getMessage()
          + "\nlog tail:\n" + stubs.logTail(), e);
    }
    return stubs;
  }

  @Override
  public URI base() {
    return URI.create("http://127.0.0.1:" + server.port() + "/");
  }

  @Override
  public String logTail() {
    return log.tail();
  }

  @Override
  public void close() {
    if (server.isRunning()) {
      server.stop();
    }
  }

  /** Keeps WireMock's last messages instead of printing them. */
  private static final class TailNotifier implements Notifier {
    private final Deque<String> lines = new ArrayDeque<>();
    private final int capacity;

    TailNotifier(int capacity) {
      this.capacity = capacity;
    }

    @Override
    public void info(String message) {
      add("INFO  " + message);
    }

    @Override
    public void error(String message) {
      add("ERROR " + message);
    }

    @Override
    public void error(String message, Throwable t) {
      StringWriter trace = new StringWriter();
      t.printStackTrace(new PrintWriter(trace));
      add("ERROR " + message + "\n" + trace);
    }

    private synchronized void add(String message) {
      for (String line : message.split("\n")) {
        if (lines.size() == capacity) {
          lines.removeFirst();
        }
        lines.addLast(line);
      }
    }

    synchronized String tail() {
      return BackendLogs.tail(String.join("\n", lines), capacity);
    }
  }
}
