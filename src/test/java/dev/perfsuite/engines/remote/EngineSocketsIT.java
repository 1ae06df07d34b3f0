package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.sun.net.httpserver.HttpServer;
import dev.perfsuite.config.Versions;
import dev.perfsuite.engines.EngineAddress;
import dev.perfsuite.engines.EngineVersions;
import dev.perfsuite.engines.LocalRemoteEngines;
import dev.perfsuite.engines.RunControl;
import dev.perfsuite.engines.remote.ListeningSockets.Listener;
import dev.perfsuite.engines.server.RemoteEngineMain;
import dev.perfsuite.scenarios.ScenarioLauncher;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.management.BadAttributeValueExpException;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.engine.RemoteJMeterEngine;
import org.apache.jmeter.sampler.TestAction;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jorphan.collections.HashTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an engine exposes: every socket of an engine and of its controller's callbacks listens on
 * the address it was given (loopback here), with SSL and without; an engine asked to listen
 * beyond loopback without SSL refuses to start unless the network is declared trusted; and an
 * engine reads no object off its allow-list.
 */
class EngineSocketsIT {
  @TempDir
  Path results;

  @Test
  @Timeout(value = 150, unit = TimeUnit.SECONDS)
  void shouldListenOnLoopbackOnlyWithoutSsl() throws Exception {
    HttpServer target = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
    target.createContext("/", exchange -> {
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
    });
    target.start();
    try (LocalRemoteEngines engines = LocalRemoteEngines.startPlain(1)) {
      Path log = results.resolve("controller.log");
      Process controller = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin",
          "java").toString(), "-Xmx256m", "-cp", System.getProperty("java.class.path"),
          "-Dorphan.remotes=" + String.join(",", engines.addresses()),
          "-Dorphan.target=http://127.0.0.1:" + target.getAddress().getPort() + "/",
          "-Dorphan.results=" + results.resolve("plain"), "-Dorphan.ssl=false",
          ScenarioLauncher.class.getName(), OrphanedEngineRun.class.getName())
          .redirectErrorStream(true).redirectOutput(log.toFile()).start();
      List<Listener> engine;
      List<Listener> callbacks;
      try {
        OrphanedEngineRun.awaitSampling(controller, log);
        engine = ListeningSockets.of(engines.pid(0));
        callbacks = ListeningSockets.of(controller.pid());
      } finally {
        controller.destroyForcibly();
        controller.waitFor(30, TimeUnit.SECONDS);
      }
      int registry = EngineAddress.parse(engines.addresses().get(0)).port();
      assertThat(engine).as("the engine's listening sockets without SSL (registry %d, "
          + "data service on it, engine object)", registry)
          .extracting(Listener::port).contains(registry);
      assertThat(engine).as("the engine's listening sockets without SSL").hasSizeGreaterThan(1)
          .noneMatch(Listener::wildcard).allMatch(l -> l.address().isLoopbackAddress());
      assertThat(callbacks).as("the controller's callback sockets without SSL (controller "
          + "log %s)", log).isNotEmpty().noneMatch(Listener::wildcard)
          .allMatch(l -> l.address().isLoopbackAddress());
    } finally {
      target.stop(0);
    }
  }

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldListenOnTheGivenAddressOnlyWithSsl() throws Exception {
    try (LocalRemoteEngines engines = LocalRemoteEngines.start(1)) {
      assertThat(ListeningSockets.of(engines.pid(0))).as("the engine's listening sockets over "
          + "SSL").hasSizeGreaterThan(1).noneMatch(Listener::wildcard)
          .allMatch(l -> l.address().isLoopbackAddress());
    }
  }

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldKeepShippedFilesInAPrivateFolderWithAnUnpredictableName() throws Exception {
    try (LocalRemoteEngines engines = LocalRemoteEngines.startPlain(1)) {
      Path home = engines.dataDirectory(0).getParent();
      int port = EngineAddress.parse(engines.addresses().get(0)).port();

      assertThat(home.getFileName().toString()).as("the engine's folder")
          .startsWith("perf-suite-engine-").isNotEqualTo("perf-suite-engine-" + port);
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home)))
          .as("its permissions: its user's only").isEqualTo("rwx------");
    }
  }

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldRefuseToListenBeyondLoopbackWithoutSslUnlessTrusted() throws Exception {
    Path log = results.resolve("refused.log");
    Process engine = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Xmx128m", "-cp", System.getProperty("java.class.path"),
        RemoteEngineMain.class.getName(), "--port", String.valueOf(freePort()), "--hostname",
        "10.0.0.5", "--no-ssl").redirectErrorStream(true).redirectOutput(log.toFile()).start();
    boolean exited;
    try {
      exited = engine.waitFor(45, TimeUnit.SECONDS);
    } finally {
      engine.destroyForcibly();
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(exited).as("the engine exits at once, output: %s", output).isTrue();
    assertThat(engine.exitValue()).as("exit status for bad options").isEqualTo(2);
    assertThat(output).as("the refusal names the option, the address and the fixes")
        .contains("--no-ssl", "10.0.0.5", "--trusted-network", "--hostname 127.0.0.1")
        .doesNotContain(RemoteEngineMain.READY);
  }

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldRefuseObjectsOffTheAllowList() throws Exception {
    try (LocalRemoteEngines engines = LocalRemoteEngines.startPlain(1)) {
      EngineAddress address = EngineAddress.parse(engines.addresses().get(0));
      RemoteJMeterEngine remote = (RemoteJMeterEngine) LocateRegistry.getRegistry(
          address.host(), address.port()).lookup("JMeterEngine");
      HashTree tree = new HashTree();
      // The entry object of a well-known gadget chain: a JDK class no plan holds.
      tree.add(new BadAttributeValueExpException("not a test element"));

      Throwable refused = catchThrowable(() -> remote.rconfigure(tree, address.toString(),
          new File("."), "gadget"));

      assertThat(refused).as("the engine refuses to read the tree").isNotNull();
      assertThat(causes(refused)).as("why the engine refused: %s", refused)
          .contains("REJECTED");
    }
  }

  /**
   * JMeter's token-less calls are refused outright, and a run answers only to the token that
   * configured it: another controller can neither stop it nor take the engine while it is active.
   */
  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldRefuseCallsWithoutTheRunsToken() throws Exception {
    try (LocalRemoteEngines engines = LocalRemoteEngines.startPlain(1)) {
      EngineAddress address = EngineAddress.parse(engines.addresses().get(0));
      Remote stub = LocateRegistry.getRegistry(address.host(), address.port())
          .lookup("JMeterEngine");
      RemoteJMeterEngine plain = (RemoteJMeterEngine) stub;
      RunControl control = (RunControl) stub;
      HashTree plan = new HashTree(new TestPlan("token check"));
      assertThat(control.versions()).as("what the engine says it runs, before any run")
          .containsEntry(EngineVersions.SUITE, Versions.SUITE)
          .containsEntry(EngineVersions.JMETER, "5.6.3");

      assertThat(catchThrowable(() -> plain.rstopTest(true))).as("a plain JMeter client's stop")
          .isInstanceOf(IllegalStateException.class).hasMessageContaining("perf-suite controllers");
      assertThat(catchThrowable(() -> plain.rconfigure(plan, address.toString(), new File("."),
          "plain"))).as("a plain JMeter client's test").isInstanceOf(IllegalStateException.class);
      assertThat(catchThrowable(() -> control.exit("stranger")))
          .as("a stranger's exit of an idle engine").isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("refused exit");
      control.configure("run-a", plan, address.toString(), new File("."), "run-a");
      assertThat(catchThrowable(() -> control.stop("run-b", true)))
          .as("another controller's stop of run A").isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("token of the run");
      assertThat(catchThrowable(() -> control.configure("run-b", plan, address.toString(),
          new File("."), "run-b"))).as("another controller's test while run A is configured")
          .isInstanceOf(IllegalStateException.class).hasMessageContaining("busy");
      // A plan without thread groups ends at once; then the engine takes the next run.
      control.run("run-a", 0);
      Throwable next = null;
      for (int attempt = 0; attempt < 100; attempt++) {
        next = catchThrowable(() -> control.configure("run-b", plan, address.toString(),
            new File("."), "run-b"));
        if (next == null) {
          break;
        }
        Thread.sleep(100);
      }
      assertThat(next).as("the next controller's test once run A ended").isNull();
      assertThat(catchThrowable(() -> control.run("run-a", 0))).as("run A's token on run B")
          .isInstanceOf(IllegalStateException.class);
      control.run("run-b", 0);
    }
  }

  /**
   * A stop that overtakes its run's start (the controller stops its engines while another
   * engine refuses the test) is kept: the run stops as soon as it starts, instead of loading for
   * its whole profile.
   */
  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldStopARunAtOnceWhenItsStopArrivedBeforeItsStart() throws Exception {
    try (LocalRemoteEngines engines = LocalRemoteEngines.startPlain(1)) {
      EngineAddress address = EngineAddress.parse(engines.addresses().get(0));
      RunControl control = (RunControl) LocateRegistry.getRegistry(address.host(),
          address.port()).lookup("JMeterEngine");

      control.stop("run-early", true);
      control.configure("run-early", thirtySecondsOfPauses(), address.toString(), new File("."),
          "run-early");
      control.run("run-early", 0);
      long started = System.nanoTime();
      Throwable next = catchThrowable(() -> control.configure("run-next", thirtySecondsOfPauses(),
          address.toString(), new File("."), "run-next"));
      for (int attempt = 0; next != null && attempt < 100; attempt++) {
        Thread.sleep(100);
        next = catchThrowable(() -> control.configure("run-next", thirtySecondsOfPauses(),
            address.toString(), new File("."), "run-next"));
      }
      long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);

      assertThat(next).as("the engine free for the next run, %d s after the early-stopped run "
          + "of 30 s started", seconds).isNull();
    }
  }

  /** One user pausing 100 ms at a time for 30 s: a run that holds the engine if not stopped. */
  private static HashTree thirtySecondsOfPauses() {
    LoopController loop = new LoopController();
    loop.setLoops(-1);
    ThreadGroup group = new ThreadGroup();
    group.setNumThreads(1);
    group.setRampUp(0);
    group.setScheduler(true);
    group.setDuration(30);
    group.setSamplerController(loop);
    TestAction pause = new TestAction();
    pause.setAction(TestAction.PAUSE);
    pause.setTarget(TestAction.THREAD);
    pause.setDuration("100");
    HashTree tree = new HashTree();
    tree.add(new TestPlan("stop before start")).add(group).add(pause);
    return tree;
  }

  private static String causes(Throwable thrown) {
    StringBuilder text = new StringBuilder();
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      text.append(t).append('\n');
    }
    return text.toString();
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
