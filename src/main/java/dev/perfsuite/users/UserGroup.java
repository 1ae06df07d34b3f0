package dev.perfsuite.users;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.threads.ListenerNotifier;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.ListedHashTree;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A JMeter thread group that starts each user on the thread {@link UserThreadFactory} makes.
 *
 * <p>Each user is a {@link JMeterThread}; its thread is virtual on Java 24+ by default, platform
 * otherwise.
 *
 * <p>JMeter 5.6.3's Thread Group creates {@code new Thread(...)} in private methods, so this
 * class replaces its start and stop paths while keeping its properties: a JMX of a plan with
 * this group still reads as a Thread Group (users = peak, ramp = time to the peak, scheduler
 * duration = the whole schedule). The schedule itself is a list of steps (users, ramp, hold) in
 * milliseconds; a single starter thread (a platform daemon, as JMeter's own ThreadStarter)
 * clones the plan for each user when that user is due, so nothing is created ahead of time. The
 * engine's stop paths ({@code stopTest}, the run watchdog, Ctrl-C) reach users through
 * {@link #stop()}, {@link #tellThreadsToStop()} and {@link #waitThreadsStopped()}.
 *
 * <p>Public with a no-argument constructor because JMeter clones it per user and remote engines
 * deserialize it (same jar on every engine).
 */
public class UserGroup extends ThreadGroup {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(UserGroup.class);

  /** Stages in their property form, {@code level:rampMillis:holdMillis,...} ({@link Stage}). */
  static final String STEPS = "PerfUsers.steps";
  /** The requested {@link UserThreads}, resolved by the engine that runs the group. */
  static final String THREADS = "PerfUsers.threads";

  /** JMeter's property for the engine's prefix of thread names in distributed runs. */
  private static final String DISTRIBUTED_PREFIX = "__jm.D_TG";
  private static final long WAIT_TO_DIE = DEFAULT_THREAD_STOP_TIMEOUT.toMillis();
  /** How long the other virtual users may wait for the lead user's first sample. */
  static final Duration LEAD_LIMIT = Duration.ofSeconds(3);

  private transient volatile Launch launch;
  /** Where this group reports its start; none once JMeter cloned or a remote engine read it. */
  private transient Consumer<StartReport> starts;

  /** For JMeter's cloning and deserialization; the DSL element {@link Users} configures it. */
  public UserGroup() {
  }

  void configure(List<Stage> steps, OptionalInt iterations, UserThreads threads) {
    Timetable timetable = Timetable.of(steps, iterations.isEmpty());
    setProperty(STEPS, Stage.encode(steps));
    setProperty(THREADS, threads.name().toLowerCase(Locale.ROOT));
    setNumThreads(timetable.peak());
    setRampUp((int) TimeUnit.MILLISECONDS.toSeconds(timeToPeak(steps)));
    LoopController loop = new LoopController();
    loop.setLoops(iterations.orElse(-1));
    loop.setContinueForever(iterations.isEmpty());
    setSamplerController(loop);
    if (iterations.isEmpty()) {
      setScheduler(true);
      setDelay(0);
      setDuration(Math.max(1, TimeUnit.MILLISECONDS.toSeconds(
          steps.stream().mapToLong(s -> s.duration().toMillis()).sum())));
    }
    setIsSameUserOnNextIteration(false);
  }

  /** Hands the report of each start of this group, in this JVM, to {@code starts}. */
  void reportStartsTo(Consumer<StartReport> starts) {
    this.starts = starts;
  }

  private static long timeToPeak(List<Stage> steps) {
    long time = 0;
    long toPeak = 0;
    int peak = 0;
    for (Stage s : steps) {
      if (s.users() > peak) {
        peak = s.users();
        toPeak = time + s.rampUp().toMillis();
      }
      time += s.duration().toMillis();
    }
    return toPeak;
  }

  List<Stage> steps() {
    return Stage.decode(getPropertyAsString(STEPS));
  }

  UserThreads requestedThreads() {
    String text = getPropertyAsString(THREADS, "auto");
    return UserThreads.valueOf(text.trim().toUpperCase(Locale.ROOT));
  }

  private boolean bounded() {
    return getScheduler();
  }

  @Override
  public void start(int groupNumber, ListenerNotifier notifier, ListedHashTree tree,
      StandardJMeterEngine engine) {
    UserThreadFactory factory = UserThreadFactory.resolve(requestedThreads());
    Timetable timetable = Timetable.of(steps(), bounded());
    // Info, not the console: which threads carry the users is a fact of the run, not a call to act.
    LOG.info("{} in thread group '{}'", factory.describe(timetable.users()), getName());
    FirstSample first = new FirstSample();
    if (factory.virtual()) {
      tree.getTree(this).add(first);
    }
    UserPlan plan = UserPlan.of(tree);
    if (!plan.readsPreviousResult()) {
      tree.getTree(this).add(new PreviousResultRelease());
    }
    LOG.info("thread group '{}': {}", getName(), plan.describe());
    Launch started = new Launch(groupNumber, notifier, plan, engine, factory, timetable, first);
    launch = started;
    started.begin();
  }

  @Override
  public JMeterThread addNewThread(int delay, StandardJMeterEngine engine) {
    Launch current = launch;
    if (current == null) {
      throw new IllegalStateException("thread group '" + getName() + "' has not started");
    }
    return current.addUser(delay);
  }

  @Override
  public boolean stopThread(String threadName, boolean now) {
    Launch current = launch;
    if (current == null) {
      return false;
    }
    for (Map.Entry<JMeterThread, Thread> user : current.users.entrySet()) {
      if (user.getKey().getThreadName().equals(threadName)) {
        stopUser(user.getKey(), user.getValue(), now);
        return true;
      }
    }
    return false;
  }

  private static void stopUser(JMeterThread user, Thread thread, boolean interrupt) {
    user.stop();
    user.interrupt();
    if (interrupt) {
      thread.interrupt();
    }
  }

  @Override
  public void threadFinished(JMeterThread thread) {
    Launch current = launch;
    if (current != null) {
      current.users.remove(thread);
    }
  }

  @Override
  public void tellThreadsToStop(boolean now) {
    Launch current = launch;
    if (current != null) {
      current.halt();
      current.users.forEach((user, thread) -> stopUser(user, thread, now));
    }
  }

  @Override
  public void tellThreadsToStop() {
    tellThreadsToStop(true);
  }

  @Override
  public void stop() {
    Launch current = launch;
    if (current != null) {
      current.halt();
      current.users.keySet().forEach(JMeterThread::stop);
    }
  }

  @Override
  public int numberOfActiveThreads() {
    Launch current = launch;
    return current == null ? 0 : current.users.size();
  }

  @Override
  public boolean verifyThreadsStopped() {
    Launch current = launch;
    if (current == null) {
      return true;
    }
    try {
      if (!joined(current.starter, WAIT_TO_DIE)) {
        return false;
      }
      for (Thread thread : current.users.values()) {
        if (!joined(thread, WAIT_TO_DIE)) {
          return false;
        }
      }
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Override
  public void waitThreadsStopped() {
    Launch current = launch;
    if (current == null) {
      return;
    }
    try {
      while (!joined(current.starter, WAIT_TO_DIE)) {
        // The starter ends with the schedule or at a stop; users keep running meanwhile.
      }
      // Users can still be added (addNewThread) while we wait, as in JMeter's Thread Group.
      while (!current.users.isEmpty()) {
        for (Thread thread : current.users.values()) {
          joined(thread, WAIT_TO_DIE);
        }
      }
    } catch (InterruptedException e) {
      // Whoever runs the engine gave up waiting (RunExecution cancels it after its stop wait):
      // stop the users hard rather than spin on the interrupt as JMeter's group would.
      tellThreadsToStop(true);
      Thread.currentThread().interrupt();
    }
  }

  private static boolean joined(Thread thread, long millis) throws InterruptedException {
    if (thread != null) {
      thread.join(millis);
    }
    return thread == null || !thread.isAlive();
  }

  /** One start of the group: its starter thread and running users. */
  private final class Launch implements Runnable {
    private final int groupNumber;
    private final ListenerNotifier notifier;
    private final UserPlan plan;
    private final StandardJMeterEngine engine;
    private final UserThreadFactory factory;
    private final Timetable timetable;
    private final JMeterVariables variables;
    private final long origin = System.currentTimeMillis();
    private final long originNanos = System.nanoTime();
    private final AtomicInteger numbers = new AtomicInteger();
    private final Map<JMeterThread, Thread> users = new ConcurrentHashMap<>();
    private final Thread starter;
    private final FirstSample first;
    private volatile boolean running = true;

    Launch(int groupNumber, ListenerNotifier notifier, UserPlan plan,
        StandardJMeterEngine engine, UserThreadFactory factory, Timetable timetable,
        FirstSample first) {
      this.first = first;
      this.groupNumber = groupNumber;
      this.notifier = notifier;
      this.plan = plan;
      this.engine = engine;
      this.factory = factory;
      this.timetable = timetable;
      // The engine thread's variables, handed to every user as JMeter's Thread Group does.
      this.variables = JMeterContextService.getContext().getVariables();
      this.starter = new Thread(this, getName() + "-starter");
      // A platform daemon like JMeter's ThreadStarter: it must not keep the JVM alive, and a
      // platform thread keeps its timing whatever the users do to the carriers.
      starter.setDaemon(true);
    }

    void begin() {
      starter.start();
    }

    void halt() {
      running = false;
      starter.interrupt();
    }

    @Override
    public void run() {
      JMeterContextService.getContext().setVariables(variables);
      int count = 0;
      for (int i = 0; running && i < timetable.users(); i++) {
        long start = timetable.start(i);
        long end = timetable.end(i);
        if (!waitUntil(origin + start)) {
          break;
        }
        if (end != Timetable.UNBOUNDED && end <= start) {
          continue;
        }
        startUser(numbers.getAndIncrement(), 0,
            end == Timetable.UNBOUNDED ? Timetable.UNBOUNDED : origin + end);
        count++;
        if (count == 1 && factory.virtual() && timetable.users() > 1 && !awaitLead()) {
          break;
        }
      }
      Consumer<StartReport> report = starts;
      if (count > 0 && report != null) {
        report.accept(new StartReport(count, Duration.ofNanos(System.nanoTime() - originNanos),
            factory.virtual()));
      }
    }

    /** Lets the lead user load the sampler's classes alone; users due meanwhile start late. */
    private boolean awaitLead() {
      try {
        first.await(LEAD_LIMIT);
        return running;
      } catch (InterruptedException e) {
        return false;
      }
    }

    private boolean waitUntil(long due) {
      long wait;
      while (running && (wait = due - System.currentTimeMillis()) > 0) {
        try {
          Thread.sleep(wait);
        } catch (InterruptedException e) {
          return false;
        }
      }
      return running;
    }

    JMeterThread addUser(int delay) {
      long end = bounded() ? origin + TimeUnit.SECONDS.toMillis(getDuration())
          : Timetable.UNBOUNDED;
      JMeterContextService.addTotalThreads(1);
      return startUser(numbers.getAndIncrement(), delay, end);
    }

    private JMeterThread startUser(int number, int delay, long endAt) {
      JMeterThread user = newUser(number);
      user.setInitialDelay(delay);
      if (endAt != Timetable.UNBOUNDED) {
        user.setScheduled(true);
        user.setEndTime(endAt);
      }
      Thread thread = factory.unstarted(user.getThreadName(), user);
      // Registered before it runs, so a stop that comes now still reaches it.
      users.put(user, thread);
      if (!running) {
        user.stop();
      }
      thread.start();
      return user;
    }

    /**
     * The user as JMeter's {@code makeThread} sets it up, on the user's own copy of the plan.
     *
     * <p>Name, number, group, variables, engine and error actions are set as JMeter sets them; the
     * plan is {@link UserPlan#copyForUser()} instead of a full clone.
     */
    private JMeterThread newUser(int number) {
      JMeterThread user = new JMeterThread(plan.copyForUser(), UserGroup.this, notifier,
          isSameUserOnNextIteration());
      user.setThreadNum(number);
      user.setThreadGroup(UserGroup.this);
      user.putVariables(variables);
      String prefix = JMeterUtils.getPropDefault(DISTRIBUTED_PREFIX, "");
      user.setThreadName(prefix + (prefix.isEmpty() ? "" : "-") + getName() + " " + groupNumber
          + "-" + (number + 1));
      user.setEngine(engine);
      user.setOnErrorStopTest(getOnErrorStopTest());
      user.setOnErrorStopTestNow(getOnErrorStopTestNow());
      user.setOnErrorStopThread(getOnErrorStopThread());
      user.setOnErrorStartNextLoop(getOnErrorStartNextLoop());
      return user;
    }
  }
}
