package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.channel.DefaultEventLoop;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Virtual users on the client's event loops: where they run, and why they cannot. */
class LoopCarriersTest {

  @Test
  void shouldBeAvailableExactlyOnJava24WithTheSchedulerOpened() {
    int java = Runtime.version().feature();
    boolean opened = Thread.class.getModule().isOpen("java.lang",
        LoopCarriersTest.class.getModule());

    assertThat(LoopCarriers.available()).as("loops on Java %d, java.lang opened: %s", java,
        opened).isEqualTo(java >= 24 && opened);
    if (java < 24) {
      assertThat(LoopCarriers.unavailableReason()).as("why not, before Java 24")
          .contains("Java " + java + " < 24", "JEP 491");
    } else if (!opened) {
      assertThat(LoopCarriers.unavailableReason()).as("why not, without the flag")
          .contains(LoopCarriers.OPEN_FLAG);
    } else {
      assertThat(LoopCarriers.unavailableReason()).as("no reason when available").isEmpty();
    }
  }

  @Test
  void shouldOpenEachUsersConnectionsOnTheLoopThatCarriesIt() throws Exception {
    assumeTrue(LoopCarriers.available(), "Java 24+ with " + LoopCarriers.OPEN_FLAG);
    List<String> mismatches = new CopyOnWriteArrayList<>();
    List<String> carried = new CopyOnWriteArrayList<>();
    try (SilentListener server = new SilentListener()) {
      URL url = new URL("http://127.0.0.1:" + server.port() + "/");
      List<Thread> users = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        users.add(LoopCarriers.unstarted("user " + i, () -> {
          try {
            UserChannels.Connection connection =
                UserChannels.ofThisUser().connection(url, 5_000);
            String loopThread = connection.channel().eventLoop()
                .submit(() -> Thread.currentThread().getName()).get(5, TimeUnit.SECONDS);
            // A virtual thread names its carrier after '@'.
            String carrier = Thread.currentThread().toString().replaceFirst(".*@", "");
            carried.add(carrier);
            if (!carrier.equals(loopThread)
                || connection.channel().eventLoop() != LoopCarriers.home()) {
              mismatches.add(carrier + " carries a user whose connection is on " + loopThread);
            }
            UserChannels.ofThisUser().closeAll();
          } catch (Exception e) {
            mismatches.add(e.toString());
          }
        }));
      }
      users.forEach(Thread::start);
      for (Thread user : users) {
        user.join(10_000);
      }
    }

    assertThat(carried).as("every user ran").hasSize(6)
        .allSatisfy(c -> assertThat(c).as("carrier").startsWith("perf-http"));
    assertThat(mismatches).as("users whose connection runs on another loop").isEmpty();
  }

  @Test
  void shouldStartAUsersRequestBeforeTheNextUserOnItsLoopRuns() throws Exception {
    assumeTrue(LoopCarriers.available(), "Java 24+ with " + LoopCarriers.OPEN_FLAG);
    DefaultEventLoop loop = new DefaultEventLoop();
    List<String> order = new CopyOnWriteArrayList<>();
    try {
      LoopCarriers.Carrier carrier = LoopCarriers.carrierOf(loop);
      // The loop is held while both users start, so both turns queue before either runs.
      CountDownLatch hold = new CountDownLatch(1);
      loop.execute(() -> awaitQuietly(hold));
      CountDownLatch parked = new CountDownLatch(2);
      List<Thread> users = new ArrayList<>();
      for (String user : List.of("a", "b")) {
        users.add(LoopCarriers.unstarted(user, carrier, () -> {
          order.add(user + " runs");
          assertThat(LoopCarriers.startAfterPark(loop, () -> order.add(user + " sends")))
              .as("a user of this loop").isTrue();
          parked.countDown();
          awaitQuietly(new CountDownLatch(1), 200);
        }));
      }
      users.forEach(Thread::start);
      await().atMost(Duration.ofSeconds(5)).until(() -> loop.pendingTasks() >= 2);
      hold.countDown();
      for (Thread user : users) {
        user.join(5_000);
      }
    } finally {
      loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    assertThat(order).as("each request leaves when its user parks, before the next user runs")
        .containsExactly("a runs", "a sends", "b runs", "b sends");
  }

  @Test
  void shouldHandARequestToTheLoopWhenTheUserRunsElsewhere() {
    DefaultEventLoop loop = new DefaultEventLoop();
    try {
      assertThat(LoopCarriers.startAfterPark(loop, () -> { }))
          .as("a thread no loop carries").isFalse();
    } finally {
      loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    awaitQuietly(latch, 5_000);
  }

  private static void awaitQuietly(CountDownLatch latch, long millis) {
    try {
      latch.await(millis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void shouldLendASharedConnectionOfTheUsersOwnLoopFirst() throws Exception {
    assumeTrue(LoopCarriers.available(), "Java 24+ with " + LoopCarriers.OPEN_FLAG);
    SharedConnections pool = SharedConnections.ofSize(97);
    List<String> mismatches = new CopyOnWriteArrayList<>();
    try (SilentListener server = new SilentListener()) {
      URL url = new URL("http://127.0.0.1:" + server.port() + "/");
      // Two users hold a connection each at once, one per loop, and give them back idle.
      CountDownLatch bothLent = new CountDownLatch(2);
      List<Thread> first = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        first.add(LoopCarriers.unstarted("opener " + i, () -> {
          try {
            UserChannels.Connection lent =
                pool.lend(url, 5_000, 5_000, UserChannels.ofThisUser());
            bothLent.countDown();
            bothLent.await(5, TimeUnit.SECONDS);
            pool.giveBack(lent, true);
          } catch (Exception e) {
            mismatches.add(e.toString());
          }
        }));
      }
      first.forEach(Thread::start);
      for (Thread user : first) {
        user.join(10_000);
      }
      // Then users on either loop find an idle connection on both: each takes its own loop's.
      for (int i = 0; i < 6; i++) {
        Thread user = LoopCarriers.unstarted("borrower " + i, () -> {
          try {
            UserChannels.Connection lent =
                pool.lend(url, 5_000, 5_000, UserChannels.ofThisUser());
            if (!lent.opened() && lent.channel().eventLoop() != LoopCarriers.home()) {
              mismatches.add("a connection of another loop, with one of its own idle");
            }
            pool.giveBack(lent, true);
          } catch (Exception e) {
            mismatches.add(e.toString());
          }
        });
        user.start();
        user.join(10_000);
      }
    } finally {
      SharedConnections.closeIdle();
    }

    assertThat(mismatches).as("lends that crossed loops").isEmpty();
  }
}
