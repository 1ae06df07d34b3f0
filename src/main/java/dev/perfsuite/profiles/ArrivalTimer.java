package dev.perfsuite.profiles;

import dev.perfsuite.users.Stage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jmeter.timers.Timer;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import us.abstracta.jmeter.javadsl.core.timers.BaseTimer;

/**
 * Paces an open-model thread group on the suite's own schedule and stamps each request with the
 * time it was meant to start.
 *
 * <p>Before each sampler, a user takes the next slot of the {@link ArrivalSchedule} and sleeps
 * until it is due. When no user is free at a slot's time (every user is still waiting for a
 * response), the slot is taken late by the next user that frees up: the arrival waits, it is never
 * dropped, and the wait shows in the response time, which the recorder measures from the intended
 * start carried in the JMeter variable {@link #VARIABLE} (epoch ms). The variable also travels to
 * a controller with each sample event, through JMeter's {@code sample_variables}.
 *
 * <p>Trap: the intended start is read on JMeter's sample clock (nano time plus an offset to the
 * wall clock, which JMeter re-reads every 5 s and each result keeps from its creation), not on
 * {@code System.currentTimeMillis()}. The response time is the sample's end minus the intended
 * start, so both must be on one clock: JMeter reads the offset with two clock calls, a loaded
 * host can preempt the thread between them, and the offset is then off by that pause, which
 * mixing the clocks added to (or took from) every response time.
 *
 * <p>Poisson gaps are seeded per engine ({@link EngineSeeds}): the controller names the run's
 * engines in the plan ({@link #nameEngines}), and each engine finds itself in that list by the
 * name JMeter hands its test listeners. The same place sets the phase of constant spacing: engine
 * i of N follows the common origin by i/N of its own gap, so the merged arrivals interleave.
 */
public final class ArrivalTimer extends BaseTimer {
  /** The JMeter variable (and JTL column) holding a request's intended start, epoch ms. */
  public static final String VARIABLE = "perf_intended_start";
  private static final String SAMPLE_VARIABLES = "sample_variables";

  private final List<Stage> stages;
  private final Arrivals arrivals;

  private ArrivalTimer(List<Stage> stages, Arrivals arrivals) {
    super("perf-suite arrival schedule", null);
    this.stages = List.copyOf(stages);
    this.arrivals = arrivals;
  }

  /** A timer offering {@code profile}'s stage rates as arrivals spaced by {@code arrivals}. */
  public static ArrivalTimer of(LoadProfile profile) {
    return new ArrivalTimer(profile.stages(), profile.arrivals());
  }

  @Override
  protected TestElement buildTestElement() {
    Element element = new Element();
    element.setProperty(Element.STAGES, Stage.encode(stages));
    element.setProperty(Element.ARRIVALS, arrivals.name());
    return element;
  }

  /**
   * Writes the run's engines ({@code host:port}, in order) into every arrival schedule of
   * {@code tree}. The tree is the one a controller sends them, so that each engine seeds its
   * Poisson gaps by its place among them ({@link EngineSeeds}).
   */
  public static void nameEngines(HashTree tree, List<String> engines) {
    SearchByClass<Element> schedules = new SearchByClass<>(Element.class);
    tree.traverse(schedules);
    schedules.getSearchResults().forEach(e -> e.setProperty(Element.ENGINES,
        String.join(",", engines)));
  }

  /**
   * Adds {@link #VARIABLE} to JMeter's {@code sample_variables} in this JVM, so every sample event
   * created from now on carries it; idempotent. JMeter keeps the list in static state (read once
   * per test), which is why this is a JVM-wide switch.
   */
  public static void carryIntendedStart() {
    String current = JMeterUtils.getPropDefault(SAMPLE_VARIABLES, "");
    List<String> names = new ArrayList<>(List.of(current.isBlank() ? new String[0]
        : current.split(",")));
    if (!names.contains(VARIABLE)) {
      names.add(VARIABLE);
      JMeterUtils.setProperty(SAMPLE_VARIABLES, String.join(",", names));
    }
    SampleEvent.initSampleVariables();
  }

  /**
   * Removes {@link #VARIABLE} from {@code sample_variables} again and re-reads the list, so later
   * runs lack it; idempotent. Call it only once the run's recorder has applied every sample: a
   * row written after it lacks the column, and a sample its intended start.
   */
  public static void stopCarryingIntendedStart() {
    String current = JMeterUtils.getPropDefault(SAMPLE_VARIABLES, "");
    List<String> names = new ArrayList<>(List.of(current.split(",")));
    if (names.remove(VARIABLE)) {
      names.removeIf(String::isBlank);
      if (names.isEmpty()) {
        // An empty value would make JMeter carry one variable named "".
        JMeterUtils.getJMeterProperties().remove(SAMPLE_VARIABLES);
      } else {
        JMeterUtils.setProperty(SAMPLE_VARIABLES, String.join(",", names));
      }
    }
    // Always: JMeter keeps the names in static state, which a run's fresh properties do not
    // reset, so a list left by an earlier open-model run would outlive its property.
    SampleEvent.initSampleVariables();
  }

  /** The JMeter side: one instance for all users of its thread group ({@link NoThreadClone}). */
  public static final class Element extends AbstractTestElement
      implements Timer, NoThreadClone, TestStateListener {
    private static final long serialVersionUID = 1L;
    static final String STAGES = "PerfSuite.arrivalStages";
    static final String ARRIVALS = "PerfSuite.arrivals";
    static final String ENGINES = "PerfSuite.arrivalEngines";

    private transient ArrivalSchedule schedule;
    private transient long originMillis;
    private transient long seed = EngineSeeds.RUN_SEED;
    private transient double phase;

    /** For JMeter's reflective creation. */
    public Element() {
    }

    @Override
    public long delay() {
      // A fresh result reads JMeter's current offset, as the sample's own result will.
      long now = new SampleResult().currentTimeInMillis();
      long offset;
      long origin;
      synchronized (this) {
        if (schedule == null) {
          start(now);
        }
        offset = schedule.nextNanos();
        origin = originMillis;
      }
      JMeterContext context = JMeterContextService.getContext();
      if (offset < 0) {
        // The profile has offered every arrival: this user is done, without sampling again.
        JMeterThread thread = context.getThread();
        if (thread != null) {
          thread.stop();
        }
        return 0;
      }
      long intended = origin + offset / 1_000_000;
      context.getVariables().put(VARIABLE, Long.toString(intended));
      return Math.max(0, intended - now);
    }

    private void start(long now) {
      schedule = ArrivalSchedule.of(stages(getPropertyAsString(STAGES)),
          Arrivals.valueOf(getPropertyAsString(ARRIVALS)), seed, phase);
      originMillis = now;
    }

    /**
     * The stages property: {@link Stage#encode}'s form, or the timer's older
     * {@code level,rampNanos,holdNanos;...} form, which saved plans may still hold.
     */
    static List<Stage> stages(String text) {
      if (text.isBlank() || text.contains(":")) {
        return Stage.decode(text);
      }
      List<Stage> stages = new ArrayList<>();
      for (String part : text.split(";")) {
        String[] fields = part.trim().split(",");
        if (fields.length != 3) {
          throw new IllegalArgumentException("arrival stages are level:rampMillis:holdMillis,... "
              + "(or the older level,rampNanos,holdNanos;...), not '" + text + "'");
        }
        stages.add(new Stage(Double.parseDouble(fields[0]), Duration.ofNanos(
            Long.parseLong(fields[1])), Duration.ofNanos(Long.parseLong(fields[2]))));
      }
      return stages;
    }

    @Override
    public boolean isModifiable() {
      // JMeter's timer factor would stretch the schedule and so change the offered rate.
      return false;
    }

    @Override
    public synchronized void testStarted() {
      schedule = null;
      seed = EngineSeeds.RUN_SEED;
      phase = 0;
      carryIntendedStart();
    }

    /** On a remote engine: {@code host} is the {@code host:port} the controller named it by. */
    @Override
    public synchronized void testStarted(String host) {
      testStarted();
      seed = seed(host);
      phase = phase(host);
    }

    /** This schedule's Poisson seed on the engine JMeter calls {@code host} (null: local). */
    long seed(String host) {
      return EngineSeeds.forHost(EngineSeeds.RUN_SEED, host, engines());
    }

    /** This schedule's constant-spacing phase on the engine JMeter calls {@code host}. */
    double phase(String host) {
      List<String> engines = engines();
      return host == null ? 0 : ArrivalSchedule.phase(engines.indexOf(host), engines.size());
    }

    private List<String> engines() {
      String engines = getPropertyAsString(ENGINES);
      return engines.isBlank() ? List.of() : List.of(engines.split(","));
    }

    /**
     * Leaves the intended start in the sample variables, for the recorder's last samples.
     *
     * <p>JMeter ends test listeners in plan order, and the recorder, ended after this, may still
     * hold samples to write with it. Whoever owns the run ends the carrying once its recorder has
     * every sample ({@link #stopCarryingIntendedStart}).
     */
    @Override
    public void testEnded() {
      // The run's owner ends the carrying; see above.
    }

    @Override
    public void testEnded(String host) {
      testEnded();
    }
  }
}
