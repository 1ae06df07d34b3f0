package dev.perfsuite.users;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleMonitor;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testelement.AbstractTestElement;

/**
 * Tells when the group's first sample ended, so that the users after the first find the
 * sampler's classes loaded.
 *
 * <p>A virtual thread that waits for another thread's class loading (the first HTTP request
 * loads HttpClient, URL handlers, ...) pins its carrier even on Java 24+ (JEP 491 keeps that
 * case); a lead user that loads them alone avoids it. Shared by every user of the group
 * ({@link NoThreadClone}); added to the group's tree at its start, never saved.
 */
public final class FirstSample extends AbstractTestElement implements SampleMonitor,
    NoThreadClone {
  private static final long serialVersionUID = 1L;

  private final transient CountDownLatch ended = new CountDownLatch(1);

  @Override
  public void sampleStarting(Sampler sampler) {
    // Only the end counts: by then the sample's classes are loaded.
  }

  @Override
  public void sampleEnded(Sampler sampler) {
    ended.countDown();
  }

  /** Waits at most {@code limit} for the first sample's end; false when it did not come. */
  boolean await(Duration limit) throws InterruptedException {
    return ended.await(limit.toMillis(), TimeUnit.MILLISECONDS);
  }
}
