package dev.perfsuite.bench;

import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;

/**
 * The JMeter side of the bench's own listeners: one shared element (never cloned per thread)
 * that sees completed samples and the test's start and end; the host variants delegate.
 */
abstract class CompletedSampleElement extends AbstractTestElement
    implements SampleListener, TestStateListener, NoThreadClone {
  private static final long serialVersionUID = 1L;

  @Override
  public void sampleStarted(SampleEvent event) {
    // Only completed samples matter.
  }

  @Override
  public void sampleStopped(SampleEvent event) {
    // Only completed samples matter.
  }

  @Override
  public void testStarted(String host) {
    testStarted();
  }

  @Override
  public void testEnded(String host) {
    testEnded();
  }
}
