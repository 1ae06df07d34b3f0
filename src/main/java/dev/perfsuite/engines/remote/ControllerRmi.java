package dev.perfsuite.engines.remote;

import dev.perfsuite.engines.EngineAddress;
import dev.perfsuite.engines.RmiSockets;
import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.engines.RunExecution;
import dev.perfsuite.profiles.ArrivalTimer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;
import us.abstracta.jmeter.javadsl.core.engines.DistributedJmeterEngine;
import us.abstracta.jmeter.javadsl.core.engines.TestStopper;

/**
 * The controller's RMI set-up for a distributed run. It holds the address engines call back on, the
 * JMeter properties RMI reads once, and the DSL engine that drives the remote engines.
 */
final class ControllerRmi {
  /** System property naming the address engines call the controller back on. */
  static final String CONTROLLER_HOST = "java.rmi.server.hostname";

  private final List<String> remotes;
  private final int localPort;
  private final RmiTransport transport;

  ControllerRmi(List<String> remotes, int localPort, RmiTransport transport) {
    this.remotes = List.copyOf(remotes);
    this.localPort = localPort;
    this.transport = transport;
    // Before this JVM's first RMI call: callbacks on the callback address only, deadlines on
    // every call to the engines (the data shipment before the run included).
    RmiSockets.install();
  }

  /**
   * The DSL engine for the remote engines, RMI prepared for its first export; engines that fail
   * to start their test are recorded in {@code starts}.
   */
  DistributedJmeterEngine engine(StartFailures starts, RunToken token) {
    DistributedJmeterEngine engine = RunExecution.tuned(
        new WithoutDslStatistics(starts, token, remotes.toArray(String[]::new)));
    engine.localBasePort(localPort);
    transport.jmeterProperties().forEach(engine::prop);
    RmiTransport.SAMPLE_SENDER.forEach(engine::prop);
    prepare();
    return engine;
  }

  /** The address engines call back on: the one set, or the one this JVM uses towards them. */
  String callbackAddress() {
    return System.getProperty(CONTROLLER_HOST, addressTowards(remotes.get(0)));
  }

  /**
   * Refuses, before load, callbacks in the clear beyond loopback on a network not declared
   * trusted. Whoever reaches that address could send the controller forged samples and results.
   *
   * @throws IllegalArgumentException naming the keys, the address and the fix
   */
  void refuseClearCallbackBeyondLoopback() {
    if (!transport.ssl() && !transport.trustedNetwork()) {
      refuseClearCallback(transport, callbackAddress(), callbackHost() == null
          ? "the address towards " + remotes.get(0) : "-D" + CONTROLLER_HOST);
    }
  }

  /**
   * The rule of {@link #refuseClearCallbackBeyondLoopback()} for the callback {@code address},
   * which {@code origin} names (where it came from).
   */
  static void refuseClearCallback(RmiTransport transport, String address, String origin) {
    if (transport.ssl() || transport.trustedNetwork() || loopback(address)) {
      return;
    }
    throw new IllegalArgumentException("perf.rmi.ssl=false with the controller's callback "
        + "address " + address + " (" + origin + ") would take the engines' samples and "
        + "results in the clear from every host that reaches " + address + ", beyond loopback. "
        + "Fix: turn SSL on (perf.rmi.ssl=true with perf.rmi.keystore and "
        + RmiTransport.PASSWORD_VARIABLE + ", docs/distributed.md), run the engines on "
        + "loopback, or set -Dperf.rmi.trusted-network=true when every host on that network is "
        + "trusted.");
  }

  /** Whether {@code address} is a loopback address; a name that does not resolve is not. */
  static boolean loopback(String address) {
    try {
      return InetAddress.getByName(address).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** The callback address as set now (null before the first run sets it), for messages. */
  static String callbackHost() {
    return System.getProperty(CONTROLLER_HOST);
  }

  /** Sets what RMI exports in this JVM read once, before the first export. */
  private void prepare() {
    // JMeter's RmiUtils reads these once, at first use; set them before anything touches it.
    transport.jmeterProperties().forEach(JMeterUtils::setProperty);
    if (localPort != 0) {
      JMeterUtils.setProperty("client.rmi.localport", String.valueOf(localPort));
    }
    if (System.getProperty(CONTROLLER_HOST) == null) {
      // Engines call back (samples, end of test) to objects exported here under this address;
      // JMeter refuses to export them when the host name resolves to a loopback address.
      System.setProperty(CONTROLLER_HOST, addressTowards(remotes.get(0)));
    }
  }

  /** The local address this JVM uses to reach {@code engine}: where engines can call back. */
  static String addressTowards(String engine) {
    try (DatagramSocket socket = new DatagramSocket()) {
      socket.connect(EngineAddress.parse(engine).socketAddress());
      InetAddress local = socket.getLocalAddress();
      if (local != null && !local.isAnyLocalAddress()) {
        return local.getHostAddress();
      }
      return InetAddress.getLocalHost().getHostAddress();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot find the local address towards " + engine
          + ". Fix: -D" + CONTROLLER_HOST + "=ADDRESS the engines can reach", e);
    }
  }

  /**
   * The DSL's distributed engine without its own statistics collector and console summariser.
   * Both are {@code Remoteable} listeners, so JMeter would ship every engine sample to the
   * controller for them alone (P² estimates the suite never reads, and the summariser's lines,
   * which the progress line replaces): in aggregate mode they would undo the aggregation, and in
   * {@code all} mode every sample would cross RMI three times.
   *
   * <p>It also names the engines in the plan's arrival schedules, so each engine seeds its
   * Poisson arrivals by its place ({@link ArrivalTimer#nameEngines}).
   *
   * <p>And it records the engines that fail to start their test ({@link StartFailures}).
   */
  static final class WithoutDslStatistics extends DistributedJmeterEngine {
    private final List<String> hosts;
    private final StartFailures starts;
    private final RunToken token;

    WithoutDslStatistics(StartFailures starts, RunToken token, String... hosts) {
      super(hosts);
      this.hosts = List.of(hosts);
      this.starts = starts;
      this.token = token;
    }

    @Override
    protected void addStatsCollector(HashTree testPlanTree, TestPlanStats stats) {
      // Intentionally empty: see the class comment.
    }

    @Override
    protected TestRunner buildTestRunner(HashTree testPlanTree, HashTree rootTree,
        TestStopper testStopper) {
      for (Object element : new ArrayList<>(testPlanTree.list())) {
        if (element instanceof ResultCollector collector
            && collector.getClass() == ResultCollector.class
            && collector.getFilename().isEmpty()) {
          testPlanTree.remove(element);
        }
      }
      ArrivalTimer.nameEngines(rootTree, hosts);
      TestRunner runner = super.buildTestRunner(testPlanTree, rootTree, testStopper);
      // The runner's client engines exist now (init); its start() calls each one's runTest.
      RunnerEngines.wrap(this, starts, token);
      return runner;
    }
  }
}
