package dev.perfsuite.bench;

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
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    try {
      return (long) com.sun.management.ThreadMXBean.class
          .getMethod("getTotalThreadAllocatedBytes").invoke(threads);
    } catch (ReflectiveOperationException olderThan21) {
      return Arrays.stream(threads.getThreadAllocatedBytes(threads.getAllThreadIds()))
          .filter(bytes -> bytes > 0).sum();
    }
  }
}
