package dev.perfsuite.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Who owns a generator's CPU samples: a JFR recording's execution samples split by thread group
 * (JMeter's users, the shared Netty loop, others) and owner of the code, for the profile in
 * docs/engineering/http-client.md.
 *
 * <p>The owner is the first frame outside the JDK, counted from the top of the stack, except
 * that a sample anywhere under the suite's recorders (JTL rows, HdrHistogram, JMeter's CSV
 * formatting they call) is theirs. Only the steady state counts: from 4 s after the users' first
 * sample to 1 s before their last. Trap: shares are of samples, not of CPU; JFR samples a few
 * Java threads per period and never the JIT or GC threads, so thread CPU comes from elsewhere
 * ({@code /proc/PID/task/}). Run: {@code java -cp TEST_CLASSPATH dev.perfsuite.bench.ProfileSplit
 * generator.jfr} on a recording made with
 * {@code -XX:StartFlightRecording=settings=profile,jdk.ExecutionSample#period=1ms,filename=...}.
 */
final class ProfileSplit {
  private static final Duration SKIP_START = Duration.ofSeconds(4);
  private static final Duration SKIP_END = Duration.ofSeconds(1);

  private ProfileSplit() {
  }

  public static void main(String[] args) throws IOException {
    List<RecordedEvent> samples = RecordingFile.readAllEvents(Path.of(args[0])).stream()
        .filter(e -> e.getEventType().getName().equals("jdk.ExecutionSample")
            && e.getStackTrace() != null)
        .toList();
    List<Instant> users = samples.stream().filter(e -> "users".equals(group(e)))
        .map(RecordedEvent::getStartTime).sorted().toList();
    Instant from = users.get(0).plus(SKIP_START);
    Instant to = users.get(users.size() - 1).minus(SKIP_END);
    Map<String, Integer> split = new TreeMap<>();
    int counted = 0;
    for (RecordedEvent sample : samples) {
      if (sample.getStartTime().isBefore(from) || sample.getStartTime().isAfter(to)) {
        continue;
      }
      counted++;
      split.merge(group(sample) + " | " + owner(sample.getStackTrace().getFrames()), 1,
          Integer::sum);
    }
    System.out.printf(Locale.ROOT, "%d samples from %s to %s%n", counted, from, to);
    int total = counted;
    split.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
        .forEach(e -> System.out.printf(Locale.ROOT, "%6d %5.1f %% %s%n", e.getValue(),
            100.0 * e.getValue() / total, e.getKey()));
  }

  private static String group(RecordedEvent sample) {
    String name = String.valueOf(sample.getThread("sampledThread").getJavaName());
    if (name.startsWith("perf-http-")) {
      return "Netty loop";
    }
    // JMeter names its users "<thread group> <group>-<user>"; the bench's group is "bench-run".
    return name.matches(".* \\d+-\\d+") ? "users" : "other";
  }

  private static String owner(List<RecordedFrame> frames) {
    for (RecordedFrame frame : frames) {
      String type = frame.getMethod().getType().getName();
      if (type.startsWith("dev.perfsuite.results.") || type.startsWith("org.HdrHistogram.")) {
        return "suite recorders and JTL";
      }
    }
    for (RecordedFrame frame : frames) {
      String type = frame.getMethod().getType().getName();
      if (!type.matches("(java|javax|jdk|sun|com\\.sun)\\..*")) {
        return ownerOf(type);
      }
    }
    return "JDK only";
  }

  private static String ownerOf(String type) {
    if (type.startsWith("io.netty.")) {
      return "Netty";
    }
    if (type.startsWith("dev.perfsuite.http.")) {
      return "suite HTTP client";
    }
    if (type.startsWith("dev.perfsuite.")) {
      return "suite, other";
    }
    if (type.matches("org\\.apache\\.(jmeter\\.protocol\\.http|jmeter\\.samplers|http)\\..*")) {
      return "JMeter HTTP sampler, managers, SampleResult";
    }
    if (type.matches("(org\\.apache\\.(jmeter|jorphan|commons)|kotlin)\\..*")) {
      return "JMeter thread loop and element model";
    }
    return "other libraries";
  }
}
