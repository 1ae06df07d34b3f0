package dev.perfsuite.http;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import org.apache.jmeter.protocol.http.util.HTTPArgument;

/**
 * What a sampler's {@code getUrl()} costs per sample, in fixed counts: allocated bytes and
 * thread CPU per call over 2,000,000 calls after as many for the JIT, for a URL without a query
 * ({@code plain}) or with two query parameters ({@code args}). Prints one {@code RESULT} line.
 */
final class UrlRun {
  private static final int CALLS = 2_000_000;

  private UrlRun() {
  }

  public static void main(String[] args) throws Exception {
    SuiteHttpSampler sampler = new SuiteHttpSampler();
    sampler.setProtocol("http");
    sampler.setDomain("127.0.0.1");
    sampler.setPort(8080);
    sampler.setPath("/1k.bin");
    sampler.setMethod("GET");
    if (args[0].equals("args")) {
      sampler.getArguments().addArgument(new HTTPArgument("q", "a b"));
      sampler.getArguments().addArgument(new HTTPArgument("page", "2"));
    }
    ThreadMXBean threads =
        (ThreadMXBean) ManagementFactory.getThreadMXBean();
    long sink = 0;
    for (int i = 0; i < CALLS; i++) {
      sink += sampler.getUrl().getPort();
    }
    long allocated = threads.getCurrentThreadAllocatedBytes();
    long cpu = threads.getCurrentThreadCpuTime();
    for (int i = 0; i < CALLS; i++) {
      sink += sampler.getUrl().getPort();
    }
    System.out.printf(Locale.ROOT, "RESULT url=%s allocB=%.1f cpuNs=%.1f (%d)%n", args[0],
        (threads.getCurrentThreadAllocatedBytes() - allocated) / (double) CALLS,
        (threads.getCurrentThreadCpuTime() - cpu) / (double) CALLS, sink % 2);
  }
}
