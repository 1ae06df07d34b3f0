package dev.perfsuite.results;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.Remoteable;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestStateListener;
import us.abstracta.jmeter.javadsl.core.listeners.BaseListener;

/**
 * The jmeter-java-dsl element that feeds a {@link SampleRecorder}; add it at test-plan level.
 *
 * <p>The JMeter element holds only the recorder's id, because JMeter may clone elements and
 * clones must reach the same recorder.
 *
 * <p>Remote engines: the element is {@link Remoteable}, so before sending the plan JMeter's
 * controller ({@code ClientJMeterEngine} via {@code ConvertListeners}) replaces it by a wrapper
 * around an RMI object exported in the controller JVM. Each engine then sends its samples back
 * in batches (JMeter's {@code mode}, default StrippedBatch) and they reach this element, and so
 * the controller's recorder, on the controller; the element itself never runs remotely.
 * {@code testStarted(host)} and {@code testEnded(host)} arrive once per engine.
 */
public final class RecorderListener extends BaseListener {
  /**
   * Live recorders by id: static because JMeter forces it. JMeter rebuilds listener elements from
   * their properties (clones per thread group, the remote wrapper), so an element can only carry
   * an id, never the recorder itself; ids are random UUIDs, so two sessions' runs never meet here.
   */
  private static final Map<String, SampleRecorder> ACTIVE = new ConcurrentHashMap<>();

  static void register(String id, SampleRecorder recorder) {
    ACTIVE.put(id, recorder);
  }

  static void unregister(String id) {
    ACTIVE.remove(id);
  }

  private final String recorderId;

  RecorderListener(String recorderId) {
    super("perf-suite recorder", null);
    this.recorderId = recorderId;
  }

  @Override
  protected TestElement buildTestElement() {
    Element element = new Element();
    element.setProperty(Element.RECORDER_ID, recorderId);
    return element;
  }

  /** The JMeter side: one instance for all threads ({@link NoThreadClone}). */
  public static final class Element extends AbstractTestElement
      implements SampleListener, TestStateListener, NoThreadClone, Remoteable {
    private static final long serialVersionUID = 1L;
    static final String RECORDER_ID = "PerfSuite.recorderId";
    private transient SampleRecorder recorder;

    /** For JMeter's reflective cloning. */
    public Element() {
    }

    private SampleRecorder recorder() {
      if (recorder == null) {
        String id = getPropertyAsString(RECORDER_ID);
        recorder = ACTIVE.get(id);
        if (recorder == null) {
          throw new IllegalStateException("no active sample recorder " + id);
        }
      }
      return recorder;
    }

    @Override
    public void sampleOccurred(SampleEvent event) {
      recorder().record(event);
    }

    @Override
    public void sampleStarted(SampleEvent event) {
      // Only completed samples carry timings.
    }

    @Override
    public void sampleStopped(SampleEvent event) {
      // Only completed samples carry timings.
    }

    @Override
    public void testStarted() {
      recorder().start(new SampleResult().currentTimeInMillis());
    }

    @Override
    public void testStarted(String host) {
      testStarted();
    }

    @Override
    public void testEnded() {
      recorder().flush();
    }

    @Override
    public void testEnded(String host) {
      testEnded();
    }
  }
}
