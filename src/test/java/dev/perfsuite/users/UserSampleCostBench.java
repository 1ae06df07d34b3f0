package dev.perfsuite.users;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import dev.perfsuite.http.SuiteHttpSampler;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.jmeter.config.ConfigTestElement;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.engine.event.LoopIterationEvent;
import org.apache.jmeter.protocol.http.control.CookieManager;
import org.apache.jmeter.protocol.http.control.Header;
import org.apache.jmeter.protocol.http.control.HeaderManager;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.threads.SamplePackage;
import org.apache.jmeter.threads.TestCompiler;
import org.apache.jmeter.timers.ConstantTimer;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.Test;

/**
 * JMeter's element work per sample on one user's copy of a plain HTTP plan (HTTP Request
 * Defaults, a Header Manager, a Cookie Manager, a Constant Timer), JMeter's clone against the
 * suite's copy ({@link UserPlan}): what a new visitor's iteration start and the sampler's
 * configure / undo walk cost the user's thread, without the request. Allocation is counted on
 * the thread (exact whatever the machine's load); CPU is the thread's, median of rounds.
 *
 * <p>Settings: {@code bench.samplecost.iterations} (default 200000), {@code .rounds} (5).
 */
final class UserSampleCostBench {
  private static final String SAME_USER = "__jmv_SAME_USER";

  @Test
  void shouldReportElementWorkPerSampleOfJmetersCloneAndTheSuitesCopy() {
    int iterations = Integer.getInteger("bench.samplecost.iterations", 200_000);
    int rounds = Integer.getInteger("bench.samplecost.rounds", 5);
    JMeterVariables variables = new JMeterVariables();
    variables.putObject(SAME_USER, false);
    JMeterContextService.getContext().setVariables(variables);
    ListedHashTree plan = plan();
    List<double[]> jmeter = new ArrayList<>();
    List<double[]> suite = new ArrayList<>();
    for (int round = 0; round < rounds; round++) {
      // Alternating order: neither side always runs on a warmer JIT.
      boolean jmeterFirst = round % 2 == 0;
      double[] a = run(jmeterFirst ? AbstractThreadGroup.cloneTree(plan)
          : UserPlan.of(plan).copyForUser(), iterations);
      double[] b = run(jmeterFirst ? UserPlan.of(plan).copyForUser()
          : AbstractThreadGroup.cloneTree(plan), iterations);
      (jmeterFirst ? jmeter : suite).add(a);
      (jmeterFirst ? suite : jmeter).add(b);
    }
    String body = String.format(Locale.ROOT, """
        | user's copy | bytes allocated per sample | CPU ns per sample (median of %d) |
        |---|---:|---:|
        | JMeter's clone (merge and undo walk per sample, Cookie Manager reset per iteration) \
        | %.0f | %.0f |
        | the suite's copy (constant configs merged once, reset only with cookies) | %.0f | %.0f |
        """, rounds, median(jmeter, 0), median(jmeter, 1), median(suite, 0), median(suite, 1));
    System.out.println(body);
    assertThat(median(suite, 0)).as("suite's bytes per sample").isLessThan(median(jmeter, 0));
  }

  /** {bytes per sample, CPU ns per sample} over {@code iterations} one-sample iterations. */
  private static double[] run(HashTree mine, int iterations) {
    TestCompiler compiler = new TestCompiler(mine);
    mine.traverse(compiler);
    HashTree group = mine.getTree(mine.getArray()[0]);
    HTTPSamplerBase sampler = find(group, HTTPSamplerBase.class);
    CookieManager cookies = find(group, CookieManager.class);
    LoopIterationEvent event = new LoopIterationEvent(null, 1);
    ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    long id = Thread.currentThread().getId();
    long bytes = threads.getThreadAllocatedBytes(id);
    long cpu = threads.getCurrentThreadCpuTime();
    for (int i = 0; i < iterations; i++) {
      // What JMeterThread does for these elements at a new visitor's iteration and its sample.
      cookies.testIterationStart(event);
      cookies.recoverRunningVersion();
      sampler.recoverRunningVersion();
      SamplePackage pack = compiler.configureSampler(sampler);
      compiler.done(pack);
    }
    return new double[] {
        (threads.getThreadAllocatedBytes(id) - bytes) / (double) iterations,
        (threads.getCurrentThreadCpuTime() - cpu) / (double) iterations};
  }

  private static <T> T find(HashTree tree, Class<T> kind) {
    return tree.list().stream().filter(kind::isInstance).map(kind::cast).findFirst()
        .orElseThrow();
  }

  private static double median(List<double[]> rounds, int field) {
    double[] values = rounds.stream().mapToDouble(r -> r[field]).sorted().toArray();
    return values[values.length / 2];
  }

  private static ListedHashTree plan() {
    UserGroup group = new UserGroup();
    group.setName("users");
    group.setSamplerController(new LoopController());
    ListedHashTree tree = new ListedHashTree();
    HashTree under = tree.add(group);
    SuiteHttpSampler sampler = new SuiteHttpSampler();
    sampler.setName("request");
    sampler.setPath("/items");
    sampler.setMethod("GET");
    under.add(sampler);
    ConfigTestElement defaults = new ConfigTestElement();
    defaults.setProperty(TestElement.GUI_CLASS,
        "org.apache.jmeter.protocol.http.config.gui.HttpDefaultsGui");
    defaults.setProperty(HTTPSamplerBase.DOMAIN, "127.0.0.1");
    defaults.setProperty(HTTPSamplerBase.PORT, "8080");
    defaults.setProperty(HTTPSamplerBase.PROTOCOL, "http");
    defaults.setProperty(HTTPSamplerBase.CONNECT_TIMEOUT, "5000");
    defaults.setProperty(HTTPSamplerBase.RESPONSE_TIMEOUT, "20000");
    under.add(defaults);
    HeaderManager headers = new HeaderManager();
    headers.setProperty(TestElement.GUI_CLASS, "org.apache.jmeter.protocol.http.gui.HeaderPanel");
    headers.add(new Header("Accept", "application/json"));
    headers.add(new Header("User-Agent", "perf-suite"));
    under.add(headers);
    CookieManager cookies = new CookieManager();
    cookies.setProperty(TestElement.GUI_CLASS, "org.apache.jmeter.protocol.http.gui.CookiePanel");
    cookies.setControlledByThread(true);
    cookies.testStarted();
    under.add(cookies);
    ConstantTimer think = new ConstantTimer();
    think.setDelay("10000");
    under.add(think);
    return tree;
  }
}
