package dev.perfsuite.engines;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.rmi.server.RMISocketFactory;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The suite's RMI sockets: listening on the address RMI hands out, never the wildcard, and
 * calling out with a connect and a response deadline.
 *
 * <p>Installed JVM-wide ({@link #install()}) on every engine and controller, it serves every RMI
 * object exported without a socket factory of its own: with SSL off, JMeter hands RMI none, so
 * without this the registry, the engine object, the data service and the controller's callbacks
 * would listen on every interface whatever {@code --hostname} says. The address is the one in
 * {@code java.rmi.server.hostname} when a server socket is made (the engine's {@code --hostname},
 * the controller's callback address), else the host's address, as JMeter's SSL factory binds.
 *
 * <p>Deadlines: a connection must be made within {@link #CONNECT} and every call answered within
 * {@link #RESPONSE}; a frozen or cut-off peer then fails the call instead of holding its thread
 * for TCP's retries (minutes) or forever. {@link #install()} also sets the JDK's
 * {@code sun.rmi.transport.tcp.responseTimeout} to {@link #RESPONSE} for stubs that carry a socket
 * factory of their own (JMeter's SSL factory sets no timeout), unless already set. <b>Trap:</b>
 * the JDK reads that property once, at the first RMI call of the JVM; the engine launcher
 * installs this first thing, the controller when its first distributed engine is made. JMeter's
 * SSL factory connects with the operating system's connect timeout.
 */
public final class RmiSockets extends RMISocketFactory {
  private static final Logger LOG = LoggerFactory.getLogger(RmiSockets.class);
  /** How long an RMI connection may take to open. */
  public static final Duration CONNECT = Duration.ofSeconds(10);
  /**
   * How long an RMI call may wait for its answer.
   *
   * <p>Longer than any call of a run takes (the longest, an engine reading the plan's tree,
   * takes seconds).
   */
  public static final Duration RESPONSE = Duration.ofSeconds(60);
  static final String RESPONSE_TIMEOUT = "sun.rmi.transport.tcp.responseTimeout";
  private static final String HOSTNAME = "java.rmi.server.hostname";

  private RmiSockets() {
  }

  /**
   * Makes this the JVM's RMI socket factory, once; later calls keep it. A factory another
   * library installed first stays, with a warning (then wildcard binds are possible).
   */
  public static synchronized void install() {
    if (System.getProperty(RESPONSE_TIMEOUT) == null) {
      System.setProperty(RESPONSE_TIMEOUT, String.valueOf(RESPONSE.toMillis()));
    }
    RMISocketFactory current = RMISocketFactory.getSocketFactory();
    if (current instanceof RmiSockets) {
      return;
    }
    if (current != null) {
      LOG.warn("RMI socket factory {} was installed before the suite's: RMI objects without "
          + "SSL may listen on every interface and calls may wait without deadline", current);
      return;
    }
    try {
      RMISocketFactory.setSocketFactory(new RmiSockets());
    } catch (IOException e) {
      LOG.warn("cannot install the suite's RMI socket factory: {}", e.toString());
    }
  }

  /**
   * The address RMI servers listen on: {@code java.rmi.server.hostname} resolved, else the
   * host's own address.
   */
  public static InetAddress listenAddress() throws UnknownHostException {
    String host = System.getProperty(HOSTNAME);
    return host == null ? InetAddress.getLocalHost() : InetAddress.getByName(host);
  }

  @Override
  public ServerSocket createServerSocket(int port) throws IOException {
    InetAddress address = listenAddress();
    ServerSocket socket = new ServerSocket();
    socket.setReuseAddress(true);
    socket.bind(new InetSocketAddress(address, port), 50);
    return socket;
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    Socket socket = new Socket();
    try {
      socket.connect(new InetSocketAddress(host, port), (int) CONNECT.toMillis());
      // The JDK keeps a socket factory's own read timeout for the calls after the handshake.
      socket.setSoTimeout((int) RESPONSE.toMillis());
      return socket;
    } catch (IOException e) {
      socket.close();
      throw e;
    }
  }

  @Override
  public String toString() {
    return "perf-suite RMI sockets (bound to java.rmi.server.hostname, connect "
        + CONNECT.toSeconds() + " s, response " + RESPONSE.toSeconds() + " s)";
  }
}
