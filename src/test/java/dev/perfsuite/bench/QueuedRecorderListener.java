package dev.perfsuite.bench;

import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestStateListener;
import us.abstracta.jmeter.javadsl.core.listeners.BaseListener;

/**
 * Prototype of a listener design for the bench only: sampling threads hand each finished sample
 * to a lock-free queue and one consumer thread feeds the suite's real recorder element, so no
 * sampling thread ever waits on the recorder's lock or its JTL write.
 *
 * <p>One run per JVM (a {@link GeneratorRun}), so the consumer is a static singleton: JMeter may
 * clone the element, and every clone must reach the same queue.
 */
final class QueuedRecorderListener extends BaseListener {
  private static volatile Consumer active;

  private QueuedRecorderListener() {
    super("bench queued recorder", null);
  }

  /** Wraps {@code target} (the recorder's JMeter element) behind a queue and one consumer. */
  static QueuedRecorderListener around(SampleListener target) {
    active = new Consumer(target);
    return new QueuedRecorderListener();
  }

  @Override
  protected TestElement buildTestElement() {
    return new Element();
  }

  /** The JMeter side: enqueue only. */
  public static final class Element extends CompletedSampleElement {
    private static final long serialVersionUID = 1L;

    @Override
    public void sampleOccurred(SampleEvent event) {
      active.queue.add(event);
    }

    @Override
    public void testStarted() {
      active.start();
    }

    @Override
    public void testEnded() {
      active.stop();
    }
  }

  /** The single thread that owns the recorder while the test runs. */
  private static final class Consumer implements Runnable {
    private final SampleListener target;
    private final LinkedTransferQueue<SampleEvent> queue = new LinkedTransferQueue<>();
    private final Thread thread = new Thread(this, "bench-recorder-consumer");
    private volatile boolean running;

    Consumer(SampleListener target) {
      this.target = target;
      thread.setDaemon(true);
    }

    synchronized void start() {
      if (!running) {
        running = true;
        ((TestStateListener) target).testStarted();
        thread.start();
      }
    }

    void stop() {
      running = false;
      try {
        thread.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      for (SampleEvent e = queue.poll(); e != null; e = queue.poll()) {
        target.sampleOccurred(e);
      }
      ((TestStateListener) target).testEnded();
    }

    @Override
    public void run() {
      try {
        while (running || !queue.isEmpty()) {
          SampleEvent event = queue.poll(100, TimeUnit.MILLISECONDS);
          if (event != null) {
            target.sampleOccurred(event);
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
