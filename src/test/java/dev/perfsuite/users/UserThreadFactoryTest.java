package dev.perfsuite.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Which thread a user runs on, and why, for each setting and Java version. */
class UserThreadFactoryTest {

  private static final String OPENED = "";
  private static final String NOT_OPENED = "the JVM was started without --add-opens";

  @Test
  void shouldChooseVirtualThreadsOnTheJdkSchedulerOnJava24AndLaterWhenAuto() {
    UserThreadFactory factory = UserThreadFactory.resolve(UserThreads.AUTO, 25, true, OPENED);

    assertThat(factory.virtual()).isTrue();
    assertThat(factory.onLoops()).as("the loops only when asked for").isFalse();
    assertThat(factory.describe(100)).as("the start line names the reason")
        .isEqualTo("users: 100 on virtual threads (perf.users.threads=auto, Java 25 >= 24)");
  }

  @Test
  void shouldCarryUsersOnTheEventLoopsWhenAskedAndOpened() {
    UserThreadFactory factory = UserThreadFactory.resolve(UserThreads.LOOP, 25, true, OPENED);

    assertThat(factory.onLoops()).as("users on the client's loops").isTrue();
    assertThat(factory.describe(100)).as("the start line names the reason")
        .isEqualTo("users: 100 on virtual threads on the HTTP client's event loops "
            + "(perf.users.threads=loop, Java 25)");
  }

  @Test
  void shouldFallBackFromLoopToTheJdkSchedulerOrPlatformThreads() {
    UserThreadFactory notOpened =
        UserThreadFactory.resolve(UserThreads.LOOP, 25, true, NOT_OPENED);
    assertThat(notOpened.onLoops()).as("loop without the flag").isFalse();
    assertThat(notOpened.virtual()).as("still virtual").isTrue();
    assertThat(notOpened.reason()).contains("but not here: " + NOT_OPENED);

    UserThreadFactory noVirtual = UserThreadFactory.resolve(UserThreads.LOOP, 17, false, "x");
    assertThat(noVirtual.virtual()).as("Java 17").isFalse();

    assertThat(UserThreadFactory.resolve(UserThreads.VIRTUAL, 25, true, OPENED).onLoops())
        .as("virtual keeps the JDK's scheduler").isFalse();
  }

  @Test
  void shouldKeepPlatformThreadsBeforeJava24WhenAuto() {
    assertThat(UserThreadFactory.resolve(UserThreads.AUTO, 21, true, OPENED).virtual())
        .as("Java 21: HttpClient 4 would pin carriers").isFalse();
    assertThat(UserThreadFactory.resolve(UserThreads.AUTO, 17, false, OPENED).reason())
        .contains("Java 17 < 24");
  }

  @Test
  void shouldHonourAnExplicitChoiceAndNameThePinningRiskBefore24() {
    assertThat(UserThreadFactory.resolve(UserThreads.PLATFORM, 25, true, OPENED).virtual())
        .isFalse();
    UserThreadFactory virtualOn21 =
        UserThreadFactory.resolve(UserThreads.VIRTUAL, 21, true, OPENED);
    assertThat(virtualOn21.virtual()).isTrue();
    assertThat(virtualOn21.reason()).contains("pins carriers");
  }

  @Test
  void shouldFallBackToPlatformThreadsWhereNoVirtualThreadsExist() {
    UserThreadFactory factory = UserThreadFactory.resolve(UserThreads.VIRTUAL, 17, false, OPENED);

    assertThat(factory.virtual()).isFalse();
    assertThat(factory.reason()).contains("no virtual threads");
  }

  @Test
  void shouldMakeTheThreadItResolvedTo() throws Exception {
    UserThreadFactory factory = UserThreadFactory.resolve(UserThreads.AUTO);
    AtomicReference<String> name = new AtomicReference<>();
    Thread thread = factory.unstarted("user 1-1", () -> name.set(Thread.currentThread()
        .getName()));
    thread.start();
    thread.join();

    assertThat(name.get()).isEqualTo("user 1-1");
    assertThat(thread.isDaemon()).as("platform users are not daemons; virtual ones always are")
        .isEqualTo(factory.virtual());
  }

  @Test
  void shouldMakeVirtualThreadsOnJava21AndLater() throws Exception {
    assumeThat(Runtime.version().feature()).isGreaterThanOrEqualTo(21);
    Thread thread = UserThreadFactory.resolve(UserThreads.VIRTUAL).unstarted("v", () -> { });

    assertThat(Thread.class.getMethod("isVirtual").invoke(thread)).isEqualTo(true);
  }
}
