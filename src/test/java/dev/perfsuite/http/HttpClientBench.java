package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCache;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadPause;

import com.sun.management.OperatingSystemMXBean;
import dev.perfsuite.engines.BuiltTree;
import dev.perfsuite.engines.RunExecution;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine;

/**
 * What each HTTP client costs the generator under JMeter's own thread loop: the same plan (50
 * users, no think, 10 s after a 3 s warm-up) against the echo jar's backend in its own JVM, each
 * client in a fresh JVM; then 500 users idle after one request each, for the heap a waiting user
 * holds. Clients ({@code bench.http.clients}, default all): {@code httpclient4} (JMeter's
 * default), {@code java} (JMeter's "Java" implementation, {@code HttpURLConnection}),
 * {@code suite} (the suite's Netty client), and two bench-only candidates on a shared client,
 * {@code jdk} ({@code java.net.http}) and {@code http5} (Apache HttpClient 5 async).
 *
 * <p>The order rotates by one client each round (round 1 starts with the first client, round 2
 * with the second...), so no client always runs first on a cold machine. CPU per request is the
 * generator process's CPU time over the requests it completed; allocation per request is every
 * thread's allocated bytes over the same requests (the children run on {@code -Dbench.java},
 * default Java 25 where installed, and print their version). The machine is shared: the table
 * says the load average it ran under; {@code -Dbench.http.rounds=0} measures the idle heap alone.
 * Quick mode (minutes on a loaded machine, out of CI):
 * {@code -Dbench.http.seconds=3 -Dbench.http.rounds=1 -Dbench.http.idle-users=200}. Run:
 * {@code mvn -Pbench verify -Dit.test=HttpClientBench}.
 */
class HttpClientBench {
  private static final int USERS = Integer.getInteger("bench.http.users", 50);
  private static final int SECONDS = Integer.getInteger("bench.http.seconds", 10);
  private static final int IDLE_USERS = Integer.getInteger("bench.http.idle-users", 500);
  private static final int ROUNDS = Integer.getInteger("bench.http.rounds", 2);
  private static final Map<String, String> CLIENTS = clients();
  private static final Path JAVA_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

  @Test
  void shouldPrintTheCostOfEachClient() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    Process echo = child("dev.perfsuite.echo.EchoBackendMain", "--host", "127.0.0.1", "--port",
        Integer.toString(port)).start();
    try {
      awaitPort(port);
      String url = "http://127.0.0.1:" + port + "/bench";
      String loadBefore = Files.readString(Path.of("/proc/loadavg")).trim();
      Map<String, List<Map<String, String>>> rows = new LinkedHashMap<>();
      List<String> names = new ArrayList<>(CLIENTS.keySet());
      for (int round = 0; round < ROUNDS; round++) {
        for (int i = 0; i < names.size(); i++) {
          String client = names.get((round + i) % names.size());
          Map<String, String> run = new TreeMap<>(measure(client, "load", url, USERS));
          run.put("position", Integer.toString(i + 1));
          rows.computeIfAbsent(client, c -> new ArrayList<>()).add(run);
        }
      }
      for (String client : names) {
        rows.computeIfAbsent(client, c -> new ArrayList<>())
            .add(measure(client, "idle", url, IDLE_USERS));
      }
      String loadAfter = Files.readString(Path.of("/proc/loadavg")).trim();
      System.out.println(table(rows, loadBefore, loadAfter));
      for (List<Map<String, String>> runs : rows.values()) {
        assertThat(runs).as("a measured run's errors").allSatisfy(run -> assertThat(
            run.get("errors")).as("errors").isEqualTo("0"));
      }
    } finally {
      echo.destroy();
      echo.waitFor(10, TimeUnit.SECONDS);
    }
  }

  private static String table(Map<String, List<Map<String, String>>> rows, String before,
      String after) {
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
        "%nHttpClientBench %s, %d users no think %d s (rounds: %d), idle heap at %d users; "
            + "load average before %s, after %s; %d cores shared with other builds%n",
        LocalDate.now(), USERS, SECONDS, ROUNDS, IDLE_USERS, before, after,
        Runtime.getRuntime().availableProcessors()));
    out.append("| client | round (position) | req/s | CPU us/req | alloc KiB/req "
        + "| idle heap KiB/user |\n").append("|---|---|---|---|---|---|\n");
    rows.forEach((client, runs) -> {
      String idle = runs.get(runs.size() - 1).get("heapPerUserKiB");
      if (runs.size() == 1) {
        // bench.http.rounds=0: the idle heap alone.
        out.append(String.format(Locale.ROOT, "| %s | — | | | | %s |%n", CLIENTS.get(client),
            idle));
      }
      for (int i = 0; i < runs.size() - 1; i++) {
        Map<String, String> r = runs.get(i);
        out.append(String.format(Locale.ROOT, "| %s | %d (%s) | %s | %s | %s | %s |%n",
            CLIENTS.get(client), i + 1, r.get("position"), r.get("rps"), r.get("cpuUsPerReq"),
            r.get("allocKiBPerReq"), idle));
      }
    });
    return out.toString();
  }

  /** The clients to measure, key to table name; {@code bench.http.clients} picks some. */
  private static Map<String, String> clients() {
    Map<String, String> all = new LinkedHashMap<>();
    all.put("httpclient4", "HttpClient 4 (JMeter's default)");
    all.put("java", "JMeter's Java implementation (HttpURLConnection)");
    all.put("suite", "suite (Netty, shared loop, per-user connections)");
    all.put("jdk", "java.net.http (shared client, bench-only sampler)");
    all.put("http5", "HttpClient 5 async (shared client, bench-only sampler)");
    String picked = System.getProperty("bench.http.clients");
    if (picked == null || picked.isBlank()) {
      return all;
    }
    Map<String, String> chosen = new LinkedHashMap<>();
    for (String key : picked.split(",")) {
      String name = all.get(key.strip());
      if (name == null) {
        throw new IllegalArgumentException("bench.http.clients: unknown client '" + key.strip()
            + "'. Fix: a comma list of " + all.keySet());
      }
      chosen.put(key.strip(), name);
    }
    return chosen;
  }

  private static Map<String, String> measure(String client, String phase, String url, int users)
      throws IOException, InterruptedException {
    Process process = child(Child.class.getName(), client, phase, url, Integer.toString(users),
        Integer.toString(SECONDS)).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    process.waitFor(2, TimeUnit.MINUTES);
    String line = output.lines().filter(l -> l.startsWith("RESULT ")).findFirst()
        .orElseThrow(() -> new IllegalStateException("no RESULT from the " + client + " "
            + phase + " child:\n" + output));
    Map<String, String> fields = new TreeMap<>();
    for (String pair : line.substring(7).split(" ")) {
      fields.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
    }
    System.out.println(client + " " + phase + ": " + fields);
    return fields;
  }

  private static ProcessBuilder child(String main, String... args) {
    String java = System.getProperty("bench.java", Files.isExecutable(JAVA_25)
        ? JAVA_25.toString() : Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> command = new ArrayList<>(List.of(java, "-Xmx1g", "-cp",
        System.getProperty("java.class.path"), main));
    command.addAll(List.of(args));
    return new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.PIPE);
  }

  private static void awaitPort(int port) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      try (Socket ignored = new Socket("127.0.0.1", port)) {
        return;
      } catch (IOException e) {
        Thread.sleep(100);
      }
    }
    throw new IllegalStateException("the echo backend did not listen on " + port + " in 30 s");
  }

  /** One measured run in its own JVM; prints one RESULT line. */
  static final class Child {
    private Child() {
    }

    public static void main(String[] args) throws Exception {
      String client = args[0];
      String url = args[2];
      int users = Integer.parseInt(args[3]);
      Duration hold = Duration.ofSeconds(Integer.parseInt(args[4]));
      Counter counter = new Counter();
      if ("load".equals(args[1])) {
        run(client, counter, threadGroup(users, Duration.ofSeconds(3), httpSampler(url)));
        counter.reset();
        long cpu0 = processCpuNanos();
        long alloc0 = allocated();
        long start = System.nanoTime();
        run(client, counter, threadGroup(users, hold, httpSampler(url)));
        double seconds = (System.nanoTime() - start) / 1e9;
        long cpu = processCpuNanos() - cpu0;
        long alloc = alloc0 < 0 ? -1 : allocated() - alloc0;
        long requests = counter.samples.sum();
        System.out.printf(Locale.ROOT, "RESULT rps=%.0f cpuUsPerReq=%.1f allocKiBPerReq=%s "
            + "errors=%d java=%s%n", requests / seconds, cpu / 1000.0 / requests,
            alloc < 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", alloc / 1024.0 / requests),
            counter.errors.sum(), System.getProperty("java.version"));
      } else {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long before = settledHeap(memory);
        Thread running = new Thread(() -> run(client, counter, threadGroup(users,
            Duration.ofSeconds(90), httpSampler(url), threadPause(Duration.ofSeconds(120)))));
        running.start();
        // Every user sends its one request, then waits in the pause; on a loaded machine
        // starting them all takes a while, so wait (up to 60 s) for every answer, then 2 s.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (counter.samples.sum() < users && System.nanoTime() < deadline) {
          Thread.sleep(200);
        }
        Thread.sleep(2_000);
        long idle = settledHeap(memory);
        long answered = counter.samples.sum();
        StandardJMeterEngine.stopEngineNow();
        running.join(30_000);
        System.out.printf(Locale.ROOT, "RESULT heapPerUserKiB=%.1f answered=%d errors=%d%n",
            (idle - before) / 1024.0 / users, answered, counter.errors.sum());
      }
      System.exit(0);
    }

    private static void run(String client, Counter counter, TestPlanChild threadGroup) {
      List<TestPlanChild> plan = new ArrayList<>(List.of(httpCache().disable(), threadGroup,
          BuiltTree.of(counter, new ListedHashTree())));
      switch (client) {
        case "suite" -> plan.add(BuiltTree.onceBuilt(ClientSwap::apply));
        case "java" -> plan.add(BuiltTree.onceBuilt(tree -> swap(tree, null)));
        case "jdk" -> plan.add(BuiltTree.onceBuilt(tree -> swap(tree, JdkHttpSampler::new)));
        case "http5" -> plan.add(BuiltTree.onceBuilt(tree -> swap(tree, Http5AsyncSampler::new)));
        default -> {
          // httpclient4: the tree as built.
        }
      }
      try {
        testPlan(plan.toArray(TestPlanChild[]::new)).runIn(RunExecution.tuned(new Lean()));
      } catch (IOException | TimeoutException e) {
        throw new IllegalStateException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    /**
     * Puts a candidate sampler in place of every HTTP sampler, its properties copied, or (no
     * candidate) names JMeter's Java implementation on them.
     */
    private static void swap(HashTree tree, Supplier<HTTPSamplerBase> candidate) {
      for (Object key : new ArrayList<>(tree.list())) {
        HashTree subtree = tree.getTree(key);
        if (key instanceof HTTPSamplerProxy sampler) {
          if (candidate == null) {
            sampler.setImplementation("Java");
          } else {
            HTTPSamplerBase copy = candidate.get();
            PropertyIterator properties = sampler.propertyIterator();
            while (properties.hasNext()) {
              copy.setProperty(properties.next().clone());
            }
            copy.setProperty(TestElement.TEST_CLASS, copy.getClass().getName());
            tree.replaceKey(key, copy);
          }
        }
        swap(subtree, candidate);
      }
    }

    private static long settledHeap(MemoryMXBean memory) throws InterruptedException {
      for (int i = 0; i < 3; i++) {
        System.gc();
        Thread.sleep(300);
      }
      return memory.getHeapMemoryUsage().getUsed();
    }

    private static long processCpuNanos() {
      return ((OperatingSystemMXBean)
          ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** Bytes allocated by every thread so far (Java 14+), or -1 where the JVM cannot tell. */
    private static long allocated() {
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      try {
        return (long) com.sun.management.ThreadMXBean.class
            .getMethod("getTotalThreadAllocatedBytes").invoke(threads);
      } catch (ReflectiveOperationException e) {
        return -1;
      }
    }
  }

  /** JMeter's embedded engine without the DSL's statistics, as the suite runs it. */
  static final class Lean extends EmbeddedJmeterEngine {
    @Override
    protected void addStatsCollector(HashTree testPlanTree, TestPlanStats stats) {
      // Intentionally empty: the bench counts samples itself.
    }
  }

  /** Counts samples and failures; one instance shared by all users. */
  static final class Counter extends AbstractTestElement implements SampleListener,
      NoThreadClone {
    private static final long serialVersionUID = 1L;
    private final transient LongAdder samples = new LongAdder();
    private final transient LongAdder errors = new LongAdder();

    void reset() {
      samples.reset();
      errors.reset();
    }

    @Override
    public void sampleOccurred(SampleEvent event) {
      samples.increment();
      if (!event.getResult().isSuccessful()) {
        errors.increment();
      }
    }

    @Override
    public void sampleStarted(SampleEvent event) {
      // Only completed samples count.
    }

    @Override
    public void sampleStopped(SampleEvent event) {
      // Only completed samples count.
    }
  }
}
