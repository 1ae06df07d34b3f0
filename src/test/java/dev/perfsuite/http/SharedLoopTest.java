package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.unix.Errors;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import org.junit.jupiter.api.Test;

class SharedLoopTest {

  @Test
  void shouldRunOnNativeEpollWhereThePlatformHasIt() {
    assumeTrue(System.getProperty("os.name").startsWith("Linux")
        && System.getProperty("os.arch").matches("amd64|x86_64"), "Linux x86_64 only");
    assumeTrue(!Boolean.getBoolean("io.netty.transport.noNative"), "native transports allowed");

    assertThat(SharedLoop.get().transport()).as("the shared loop's transport")
        .isEqualTo(SharedLoop.Transport.EPOLL);
    assertThat(SuiteHttpSampler.transport()).as("what the run names").isEqualTo("epoll");
  }

  @Test
  void shouldFallBackToNioAndStillConnectWithoutEpoll() throws Exception {
    SharedLoop.Transport fallback = SharedLoop.Transport.of(false);
    SharedLoop loop = SharedLoop.on(fallback);
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Channel channel = loop.bootstrap().handler(new ChannelInboundHandlerAdapter())
          .connect(new InetSocketAddress(server.getInetAddress(), server.getLocalPort()))
          .sync().channel();
      try (Socket accepted = server.accept()) {
        assertThat(fallback.label()).as("the name the run gives it").isEqualTo("nio");
        assertThat(channel).as("a connection without epoll")
            .isInstanceOf(NioSocketChannel.class).isNotInstanceOf(EpollSocketChannel.class);
        assertThat(channel.isActive()).as("connected").isTrue();
      } finally {
        channel.close().sync();
      }
    } finally {
      loop.shutdown();
    }
  }

  @Test
  void shouldReportAResetOnEpollAsTheJdksSocketDoes() {
    assumeTrue(SharedLoop.epollAvailable(), "epoll here");
    Errors.NativeIoException reset = new Errors.NativeIoException("recvAddress",
        Errors.ERRNO_ECONNRESET_NEGATIVE);

    assertThat(Exchange.asJdk(reset)).as("the reset HttpClient 4 reports")
        .isExactlyInstanceOf(SocketException.class).hasMessage("Connection reset");
  }

  @Test
  void shouldNameARefusalOnEpollAsTheJdkDoes() {
    ConnectException epoll = new ConnectException("finishConnect(..) failed: Connection refused");

    assertThat(ConnectFailures.plainRefusal(epoll).getMessage())
        .as("the refusal HttpClient 4 shows")
        .isEqualTo("Connection refused");
  }
}
