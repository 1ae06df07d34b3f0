package dev.perfsuite.http;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;

/** A listener shared by all users (never cloned) keeping every completed sample in order. */
final class CollectedSamples extends AbstractTestElement implements SampleListener,
    NoThreadClone {
  private static final long serialVersionUID = 1L;
  private final transient ConcurrentLinkedQueue<SampleResult> samples =
      new ConcurrentLinkedQueue<>();

  List<SampleResult> samples() {
    return List.copyOf(samples);
  }

  @Override
  public void sampleOccurred(SampleEvent event) {
    samples.add(event.getResult());
  }

  @Override
  public void sampleStarted(SampleEvent event) {
    // Only completed samples matter.
  }

  @Override
  public void sampleStopped(SampleEvent event) {
    // Only completed samples matter.
  }
}
