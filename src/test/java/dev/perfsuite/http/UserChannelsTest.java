package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.Future;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.Test;

class UserChannelsTest {

  @Test
  void shouldGiveEachUserItsOwnTlsSessionsAndANewVisitorNewOnes() throws Exception {
    UserChannels mine = UserChannels.ofThisUser();
    SslContext first = mine.tls();
    SslContext another = CompletableFuture.supplyAsync(() -> UserChannels.ofThisUser().tls(),
        task -> new Thread(task).start()).get(5, TimeUnit.SECONDS);

    assertThat(mine.tls()).as("the same user's").isSameAs(first);
    assertThat(another).as("another user's").isNotSameAs(first);
    mine.newVisitor();
    assertThat(mine.tls()).as("a new visitor's").isNotSameAs(first);
  }

  @Test
  void shouldKeepOneConnectionPerOriginWhateverThePath() throws Exception {
    try (ServerSocket first = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        ServerSocket second = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      UserChannels user = CompletableFuture.supplyAsync(UserChannels::ofThisUser,
          task -> new Thread(task).start()).get(5, TimeUnit.SECONDS);
      String one = "http://127.0.0.1:" + first.getLocalPort();
      String two = "http://127.0.0.1:" + second.getLocalPort();

      UserChannels.Connection opened = user.connection(new URL(one + "/a"), 5_000);
      UserChannels.Connection again = user.connection(new URL(one + "/b?c=d"), 5_000);
      UserChannels.Connection other = user.connection(new URL(two + "/a"), 5_000);
      UserChannels.Connection back = user.connection(new URL(one + "/a"), 5_000);

      assertThat(again.channel()).as("another path, same origin").isSameAs(opened.channel());
      assertThat(again.opened()).as("reused, no connect time").isFalse();
      assertThat(other.channel()).as("another port").isNotSameAs(opened.channel());
      assertThat(back.channel()).as("back to the first origin").isSameAs(opened.channel());
      user.closeAll();
    }
  }

  @Test
  void shouldStopAUserConnectingWithoutATimeoutWhenAborted() throws Exception {
    // With no connect timeout the connect would wait for the system's (minutes) unless aborted.
    try (StuckListener stuck = new StuckListener()) {
      CompletableFuture<UserChannels> user = new CompletableFuture<>();
      CompletableFuture<Throwable> ended = new CompletableFuture<>();
      Thread thread = new Thread(() -> {
        UserChannels channels = UserChannels.ofThisUser();
        user.complete(channels);
        try {
          channels.connection(new URL("http://127.0.0.1:" + stuck.port() + "/"), 0);
          ended.complete(null);
        } catch (Exception e) {
          ended.complete(e);
        }
      });
      thread.setDaemon(true);
      thread.start();
      UserChannels channels = user.get(5, TimeUnit.SECONDS);
      // The connect parks the user's thread on a future; abort ends that wait once it exists.
      await("the user's thread parked on its connect").atMost(Duration.ofSeconds(5))
          .pollInterval(Duration.ofMillis(10)).until(channels::abort);

      assertThat(ended.get(5, TimeUnit.SECONDS)).as("how the connect ended")
          .isInstanceOf(InterruptedIOException.class);
    }
  }

  @Test
  void shouldFailTheHandshakeWithWhatClosedTheChannelWhenItsHandlersAreGone() {
    // The server answered the client hello in plain text and the channel closed, its handlers
    // removed, before the user's thread looked for the TLS handler.
    EmbeddedChannel answered = new EmbeddedChannel(Exchange.completion());
    answered.pipeline().fireExceptionCaught(
        new DecoderException(new NotSslRecordException("not an SSL/TLS record")));
    EmbeddedChannel closed = new EmbeddedChannel();

    Future<?> afterAnswer = ConnectFailures.handshake(answered);
    Future<?> afterClose = ConnectFailures.handshake(closed);

    assertThat(afterAnswer.cause()).as("handshake after a plain answer")
        .isInstanceOf(ClosedChannelException.class);
    assertThat(ConnectFailures.closedDuringHandshake(answered,
        (ClosedChannelException) afterAnswer.cause()))
        .as("what a plain answer reports, as HttpClient 4").isInstanceOf(SSLException.class)
        .hasMessage("Unsupported or unrecognized SSL message")
        .hasCauseInstanceOf(NotSslRecordException.class);
    assertThat(ConnectFailures.closedDuringHandshake(closed,
        (ClosedChannelException) afterClose.cause()))
        .as("what a close without a failure reports").isInstanceOf(ClosedChannelException.class);
  }
}
