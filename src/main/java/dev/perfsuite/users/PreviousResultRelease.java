package dev.perfsuite.users;

import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.JMeterContextService;

/**
 * Lets go of a user's previous sample result once the sample's listeners have it.
 *
 * <p>A user thinking or waiting then holds no result (an {@code HTTPSampleResult} with its
 * headers and body).
 *
 * <p>JMeter keeps each thread's last result until the next one replaces it, for whatever reads
 * {@code prev} before the next sample. The group adds this listener, last in its tree, only when
 * {@link UserPlan#readsPreviousResult()} found nothing that does: post-processors and assertions
 * have run by then, and the listeners before it have had the result. Shared by every user
 * ({@link NoThreadClone}); added at the group's start, never saved.
 */
public final class PreviousResultRelease extends AbstractTestElement implements SampleListener,
    NoThreadClone {
  private static final long serialVersionUID = 1L;

  @Override
  public void sampleOccurred(SampleEvent event) {
    JMeterContextService.getContext().setPreviousResult(null);
  }

  @Override
  public void sampleStarted(SampleEvent event) {
    // Only the end of a sample matters.
  }

  @Override
  public void sampleStopped(SampleEvent event) {
    // Only the end of a sample matters.
  }
}
