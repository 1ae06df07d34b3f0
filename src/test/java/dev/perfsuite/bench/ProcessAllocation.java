package dev.perfsuite.bench;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

/** Bytes this JVM has allocated, for the benches' allocation-per-request figures. */
public final class ProcessAllocation {
  private ProcessAllocation() {
  }

  /**
   * Bytes allocated by every thread so far: terminated threads included from Java 21 (its
   * {@code getTotalThreadAllocatedBytes}, looked up so that the class compiles for 17), the live
   * threads only on 17.
   */
  public static long allocatedBytes() {
    ThreadMXBean threads =
        (ThreadMXBean) ManagementFactory.getThreadMXBean();
    try {
      return (long) ThreadMXBean.class
          .getMethod("getTotalThreadAllocatedBytes").invoke(threads);
    } catch (ReflectiveOperationException olderThan21) {
      return Arrays.stream(threads.getThreadAllocatedBytes(threads.getAllThreadIds()))
          .filter(bytes -> bytes > 0).sum();
    }
  }
}
