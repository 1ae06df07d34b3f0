package dev.perfsuite.http;

import com.sun.management.OperatingSystemMXBean;
import dev.perfsuite.bench.ProcessAllocation;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;

/**
 * The suite's HTTP transport alone, without JMeter, in fixed counts: what one request costs
 * whatever the machine's load does to throughput, for A/B runs of the transport (epoll against
 * {@code -Dio.netty.transport.noNative=true}).
 *
 * <p>Arguments: users, {@code platform}, {@code virtual} (Java 21+) or {@code loop} (virtual
 * users on the event loops: Java 24+ with {@link LoopCarriers#OPEN_FLAG}), warm-up and measured
 * requests per user, the URL (a keep-alive GET, e.g. nginx's 1 KiB file on loopback). Each
 * user sends its warm-up requests, waits for all others, then its measured ones; over the
 * measured phase it prints one {@code RESULT} line: process CPU µs, allocated bytes, context
 * switches and system calls per request (the last two from {@code perf stat} attached to this
 * JVM, -1 without {@code perf}), requests per second and the load average. Run it as
 * {@code java -cp target/test-classes:target/classes:<test class path>
 * dev.perfsuite.http.TransportRun 50 platform 1000 1000 http://127.0.0.1:PORT/1k.bin}.
 */
final class TransportRun {
  private TransportRun() {
  }

  public static void main(String[] args) throws Exception {
    int users = Integer.parseInt(args[0]);
    String threads = args[1];
    boolean virtual = threads.equals("virtual");
    int warm = Integer.parseInt(args[2]);
    int measured = Integer.parseInt(args[3]);
    URL url = new URL(args[4]);
    CountDownLatch warmed = new CountDownLatch(users);
    CountDownLatch go = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(users);
    ConcurrentLinkedQueue<Throwable> errors = new ConcurrentLinkedQueue<>();
    Runnable user = () -> {
      try {
        UserChannels channels = UserChannels.ofThisUser();
        for (int i = 0; i < warm + measured; i++) {
          if (i == warm) {
            warmed.countDown();
            go.await();
          }
          request(channels, url);
        }
      } catch (Exception | Error e) {
        errors.add(e);
        warmed.countDown();
      } finally {
        done.countDown();
      }
    };
    for (int i = 0; i < users; i++) {
      if (threads.equals("loop")) {
        LoopCarriers.unstarted("user-" + i, user).start();
      } else if (virtual) {
        Thread.class.getMethod("startVirtualThread", Runnable.class).invoke(null, user);
      } else {
        Thread thread = new Thread(user, "user-" + i);
        thread.setDaemon(true);
        thread.start();
      }
    }
    warmed.await();
    Process perf = perfStat();
    long cpuBefore = processCpuNanos();
    long allocatedBefore = ProcessAllocation.allocatedBytes();
    long start = System.nanoTime();
    go.countDown();
    done.await();
    long nanos = System.nanoTime() - start;
    long cpu = processCpuNanos() - cpuBefore;
    long allocated = ProcessAllocation.allocatedBytes() - allocatedBefore;
    Map<String, Long> counted = perfCounts(perf);
    double requests = (double) users * measured;
    System.out.printf(Locale.ROOT, "RESULT transport=%s users=%d threads=%s requests=%.0f "
        + "rps=%.0f cpuUs=%.2f allocB=%.0f ctx=%.2f syscalls=%.2f errors=%d load=%s%n",
        SuiteHttpSampler.transport(), users, threads, requests,
        requests / (nanos / 1e9), cpu / 1e3 / requests, allocated / requests,
        counted.getOrDefault("context-switches", -1L) / requests,
        counted.getOrDefault("raw_syscalls:sys_enter", -1L) / requests, errors.size(),
        Files.readString(Path.of("/proc/loadavg")).trim());
    if (!errors.isEmpty()) {
      errors.peek().printStackTrace();
    }
    System.exit(0);
  }

  private static void request(UserChannels channels, URL url) throws IOException {
    UserChannels.Connection connection = channels.connection(url, 5_000);
    FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET,
        url.getFile());
    request.headers().add("Host", url.getHost() + ":" + url.getPort())
        .add("Connection", "keep-alive");
    WireResponse response = channels.await(Exchange.send(connection.channel(), request, url,
        20_000, true).done, "waiting for the response");
    if (response.status() != 200) {
      throw new IllegalStateException("status " + response.status());
    }
    if (!response.keepAlive()) {
      channels.drop(connection);
    }
  }

  /** {@code perf stat} on this JVM from now until {@link #perfCounts}, or null without it. */
  private static Process perfStat() throws InterruptedException {
    try {
      Process perf = new ProcessBuilder("perf", "stat", "-x", ",", "-e",
          "context-switches,raw_syscalls:sys_enter", "-p",
          Long.toString(ProcessHandle.current().pid())).redirectErrorStream(true).start();
      Thread.sleep(300);
      return perf;
    } catch (IOException noPerf) {
      return null;
    }
  }

  private static Map<String, Long> perfCounts(Process perf) throws Exception {
    Map<String, Long> counted = new TreeMap<>();
    if (perf == null) {
      return counted;
    }
    new ProcessBuilder("kill", "-INT", Long.toString(perf.pid())).start().waitFor();
    String output = new String(perf.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    for (String line : output.split("\n")) {
      String[] fields = line.split(",");
      if (fields.length > 3 && fields[0].matches("[0-9]+")) {
        counted.put(fields[2], Long.parseLong(fields[0]));
      }
    }
    return counted;
  }

  private static long processCpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime();
  }

}
