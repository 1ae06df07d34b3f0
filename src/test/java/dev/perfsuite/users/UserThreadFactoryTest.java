package dev.perfsuite.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Which thread a user runs on, and why, for each setting and Java version. */
class UserThreadFactoryTest {

  @Test
  void shouldChooseVirtualThreadsOnJava24AndLaterWhenAuto() {
    UserThreadFactory factory = UserThreadFactory.resolve(UserThreads.AUTO, 25, true);

    assertThat(factory.virtual()).isTrue();
    assertThat(factory.describe(100)).as("the start line names the reason")
        .isEqualTo("users: 100 on virtual threads (perf.users.threads=auto, Java 25 >= 24)");
  }

  @Test
  void shouldKeepPlatformThreadsBeforeJava24WhenAuto() {
    assertThat(UserThreadFactory.resolve(UserThreads.AUTO, 21, true).virtual())
        .as("Java 21: HttpClient 4 would pin carriers").isFalse();
    assertThat(UserThreadFactory.resolve(UserThreads.AUTO, 17, false).reason())
        .contains("Java 17 < 24");
  }

  @Test
  void shouldHonourAnExplicitChoiceAndNameThePinningRiskBefore24() {
    assertThat(UserThreadFactory.resolve(UserThreads.PLATFORM, 25, true).virtual()).isFalse();
    UserThreadFactory virtualOn21 = UserThreadFactory.resolve(UserThreads.VIRTUAL, 21, true);
    assertThat(virtualOn21.virtual()).isTrue();
    assertThat(virtualOn21.reason()).contains("pins carriers");
  }

  @Test
  void shouldFallBackToPlatformThreadsWhereNoVirtualThreadsExist() {
    UserThreadFactory factory = UserThreadFactory.resolve(UserThreads.VIRTUAL, 17, false);

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
