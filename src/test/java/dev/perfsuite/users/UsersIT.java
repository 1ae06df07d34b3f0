package dev.perfsuite.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;
import static us.abstracta.jmeter.javadsl.JmeterDsl.constantTimer;
import static us.abstracta.jmeter.javadsl.JmeterDsl.csvDataSet;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCookies;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223PreProcessor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.simpleController;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.transaction;

import com.sun.net.httpserver.HttpServer;
import dev.perfsuite.http.LoopCarriers;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;

/**
 * Everything a JMeter thread owns stays per user on either thread kind: cookies, HTTP client and
 * connection, CSV rows, JSR223 variables, transaction controllers and timers; the schedule's end
 * and the engine's stop reach users.
 */
class UsersIT {
  private static final int USERS = 10;
  private static final int ITERATIONS = 3;
  private static final Map<String, Boolean> VIRTUAL_BY_THREAD = new ConcurrentHashMap<>();

  @TempDir
  Path temp;

  private HttpServer server;
  private final List<Visit> visits = new CopyOnWriteArrayList<>();

  /** One request as the server saw it. */
  private record Visit(String user, int n, String row, String cookie, String setCookie,
      int port, long atMillis) {
  }

  @BeforeEach
  void startServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newFixedThreadPool(8));
    server.createContext("/visit", exchange -> {
      Map<String, String> query = new ConcurrentHashMap<>();
      for (String kv : exchange.getRequestURI().getQuery().split("&")) {
        String[] p = kv.split("=", 2);
        query.put(p[0], p.length > 1 ? p[1] : "");
      }
      String cookie = exchange.getRequestHeaders().getFirst("Cookie");
      String set = cookie == null ? UUID.randomUUID().toString() : null;
      visits.add(new Visit(query.get("user"), Integer.parseInt(query.get("n")), query.get("row"),
          cookie, set, exchange.getRemoteAddress().getPort(), System.currentTimeMillis()));
      if (set != null) {
        exchange.getResponseHeaders().add("Set-Cookie", "session=" + set + "; Path=/");
      }
      byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.start();
    VIRTUAL_BY_THREAD.clear();
  }

  @AfterEach
  void stopServer() {
    server.stop(0);
  }

  private String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/visit";
  }

  private static boolean isVirtual(Thread thread) {
    try {
      return (Boolean) Thread.class.getMethod("isVirtual").invoke(thread);
    } catch (ReflectiveOperationException e) {
      return false; // Java 17: no virtual threads
    }
  }

  @ParameterizedTest
  @EnumSource(value = UserThreads.class, names = {"LOOP", "VIRTUAL", "PLATFORM"})
  @Timeout(60)
  void shouldKeepEveryUsersOwnStateOnEitherThreadKind(UserThreads kind) throws Exception {
    assumeThat(kind == UserThreads.PLATFORM || Runtime.version().feature() >= 21)
        .as("virtual threads need Java 21+").isTrue();
    assumeThat(kind != UserThreads.LOOP || LoopCarriers.available())
        .as("users on the event loops need Java 24+ and java.lang opened").isTrue();
    Path rows = temp.resolve("rows.csv");
    Files.write(rows, IntStream.rangeClosed(0, USERS * ITERATIONS)
        .mapToObj(i -> i == 0 ? "row" : "r" + i).toList());

    TestPlanStats stats = testPlan(
        httpCookies(),
        csvDataSet(rows.toString()),
        Users.iterating("journey", USERS, Duration.ofMillis(200), ITERATIONS).threads(kind)
            .children(
                jsr223PreProcessor(s -> {
                  String n = s.vars.get("n");
                  s.vars.put("n", Integer.toString(n == null ? 1 : Integer.parseInt(n) + 1));
                  VIRTUAL_BY_THREAD.put(Thread.currentThread().getName(),
                      isVirtual(Thread.currentThread()));
                }),
                transaction("tx",
                    httpSampler("visit", url() + "?user=${__threadNum}&n=${n}&row=${row}"),
                    httpSampler("again", url() + "?user=${__threadNum}&n=${n}&row=${row}")),
                constantTimer(Duration.ofMillis(100))))
        .run();

    assertThat(VIRTUAL_BY_THREAD).as("one thread per user").hasSize(USERS);
    assertThat(VIRTUAL_BY_THREAD.values()).as("users on %s threads", kind)
        .containsOnly(kind != UserThreads.PLATFORM);
    assertThat(stats.byLabel("tx").samplesCount()).as("transaction samples")
        .isEqualTo(USERS * ITERATIONS);
    assertThat(stats.overall().errorsCount()).as("errors").isZero();
    Map<String, List<Visit>> byUser = visits.stream()
        .collect(Collectors.groupingBy(Visit::user));
    assertThat(byUser).as("users seen by the server").hasSize(USERS);
    Set<Integer> portsSeen = ConcurrentHashMap.newKeySet();
    for (List<Visit> own : byUser.values()) {
      assertThat(own).extracting(Visit::n).as("JSR223 variables are per user")
          .containsExactly(1, 2, 3, 4, 5, 6);
      for (int i = 0; i < own.size(); i += 2) {
        // Cookies last one iteration: the DSL's groups are not the "same user" next iteration.
        assertThat(own.get(i + 1).cookie()).as("each user sends back its own cookie")
            .isEqualTo("session=" + own.get(i).setCookie());
      }
      Set<Integer> ports = own.stream().map(Visit::port).collect(Collectors.toSet());
      assertThat(Collections.disjoint(ports, portsSeen)).as("a user's connection is its own")
          .isTrue();
      portsSeen.addAll(ports);
      for (int i = 1; i < own.size(); i++) {
        assertThat(own.get(i).atMillis() - own.get(i - 1).atMillis())
            .as("the timer paces each user").isGreaterThanOrEqualTo(90);
      }
    }
    assertThat(visits.stream().map(Visit::setCookie).filter(c -> c != null).distinct().count())
        .as("cookies are per user and iteration").isEqualTo(USERS * ITERATIONS);
    Map<String, Long> rowUses = visits.stream()
        .collect(Collectors.groupingBy(Visit::row, Collectors.counting()));
    assertThat(rowUses).as("every CSV row read by one user for one iteration (two requests)")
        .hasSize(USERS * ITERATIONS).allSatisfy((row, uses) -> assertThat(uses).isEqualTo(2));
  }

  @Test
  @Timeout(60)
  void shouldEndUsersAtTheScheduleEndEvenInALongThinkTime() throws Exception {
    long start = System.nanoTime();
    TestPlanStats stats = testPlan(Users.looping("pool", 5, Duration.ofSeconds(3))
        .children(httpSampler("visit", url() + "?user=${__threadNum}&n=1&row=x"),
            // A timer applies to the samplers of its scope: the 20 s think is before "after".
            simpleController(constantTimer(Duration.ofSeconds(20)),
                httpSampler("after", url() + "?user=${__threadNum}&n=2&row=x"))))
        .run();
    double seconds = (System.nanoTime() - start) / 1e9;

    assertThat(stats.overall().samplesCount()).as("one request per user, then the long think")
        .isEqualTo(5);
    assertThat(seconds).as("a 20 s think time is cut at the 3 s schedule end").isLessThan(15);
  }

  @Test
  @Timeout(60)
  void shouldStopUsersWhenTheEngineStopsNow() throws Exception {
    int pool = 20;
    Thread stopper = new Thread(() -> {
      // Once every user has sent a request (JMeter's first start in a JVM takes seconds): the
      // stop reaches users in their loop.
      await("every user visiting").atMost(Duration.ofSeconds(45))
          .pollInterval(Duration.ofMillis(50))
          .until(() -> visits.stream().map(Visit::user).distinct().count() == pool);
      StandardJMeterEngine.stopEngineNow();
    });
    stopper.setDaemon(true);
    stopper.start();
    long start = System.nanoTime();
    TestPlanStats stats = testPlan(Users.looping("pool", pool, Duration.ofSeconds(40))
        .children(httpSampler("visit", url() + "?user=${__threadNum}&n=1&row=x"),
            constantTimer(Duration.ofMillis(50))))
        .run();
    double seconds = (System.nanoTime() - start) / 1e9;
    stopper.join();

    assertThat(stats.overall().samplesCount()).as("users ran before the stop").isPositive();
    assertThat(seconds).as("a 40 s schedule stopped once every user had sent a request")
        .isLessThan(20);
  }

  @Test
  @Timeout(60)
  void shouldFollowSteppedShapeUpAndDown() throws Exception {
    // 2 users, then 4, then back to 1: 4 distinct users (the last two stop first).
    List<String> users = new ArrayList<>();
    TestPlanStats stats = testPlan(Users.inSteps("steps")
        .rampToAndHold(2, Duration.ZERO, Duration.ofSeconds(1))
        .rampToAndHold(4, Duration.ZERO, Duration.ofSeconds(1))
        .rampToAndHold(1, Duration.ZERO, Duration.ofSeconds(1))
        .children(httpSampler("visit", url() + "?user=${__threadNum}&n=1&row=x"),
            constantTimer(Duration.ofMillis(100))))
        .run();
    visits.forEach(v -> users.add(v.user()));
    long lastSecond = visits.stream().mapToLong(Visit::atMillis).max().orElseThrow() - 800;
    Set<String> late = visits.stream().filter(v -> v.atMillis() > lastSecond)
        .map(Visit::user).collect(Collectors.toSet());

    assertThat(stats.overall().errorsCount()).isZero();
    assertThat(Set.copyOf(users)).as("distinct users").hasSize(4);
    assertThat(late).as("one user left in the last step, the first started").containsExactly("1");
  }

  @Test
  @Timeout(60)
  void shouldReportEachGroupsStartToItsOwnReaderOnly() throws Exception {
    // Was a JVM-wide "last start": a second group, or a priming run, overwrote the first's.
    List<StartReport> three = new CopyOnWriteArrayList<>();
    List<StartReport> two = new CopyOnWriteArrayList<>();
    testPlan(
        Users.looping("three", 3, Duration.ofSeconds(1)).reportingStartsTo(three::add)
            .children(httpSampler("visit", url() + "?user=${__threadNum}&n=1&row=x")),
        Users.looping("two", 2, Duration.ofSeconds(1)).reportingStartsTo(two::add)
            .children(httpSampler("visit", url() + "?user=${__threadNum}&n=1&row=x")))
        .run();

    assertThat(three).as("starts of the group of 3").singleElement()
        .extracting(StartReport::users).isEqualTo(3);
    assertThat(two).as("starts of the group of 2").singleElement()
        .extracting(StartReport::users).isEqualTo(2);
  }
}
