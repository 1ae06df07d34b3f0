package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

class ExchangeTest {

  @Test
  void shouldLeaveTheExchangeHeldByNothingOnceTheResponseIsIn() {
    EmbeddedChannel channel = connection();
    Exchange exchange = get(channel, 60_000);
    assertThat(ResponseWatch.pending(channel)).as("check while waiting").isTrue();

    channel.writeInbound(bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"));

    assertThat(exchange.done).as("response").isCompleted();
    assertThat(Exchange.current(channel)).as("exchange the check would find").isNull();
    channel.finishAndReleaseAll();
  }

  /** An empty SETTINGS frame on stream 0: the first bytes an HTTP/2-only server writes. */
  private static final byte[] HTTP2_SETTINGS = {0, 0, 0, 4, 0, 0, 0, 0, 0};

  @Test
  void shouldRefuseAnHttp2OnlyServerAsAProtocolErrorInsteadOfWaiting() {
    EmbeddedChannel channel = connection();
    Exchange exchange = get(channel, 60_000);

    channel.writeInbound(Unpooled.wrappedBuffer(HTTP2_SETTINGS));

    assertThat(exchange.done).as("HTTP/1.1 request answered by an HTTP/2-only server")
        .failsWithin(Duration.ZERO).withThrowableOfType(ExecutionException.class)
        .withCauseInstanceOf(org.apache.http.client.ClientProtocolException.class)
        .withMessageContaining("HTTP/2 only");
    assertThat(channel.isActive()).as("connection after the refusal").isFalse();
  }

  @Test
  void shouldRefuseAnHttp2OnlyServerWhosePrefaceCameBeforeTheRequest() {
    EmbeddedChannel channel = connection();
    channel.writeInbound(Unpooled.wrappedBuffer(HTTP2_SETTINGS));

    Exchange exchange = get(channel, 60_000);

    assertThat(exchange.done).as("request sent after the server's HTTP/2 preface")
        .failsWithin(Duration.ZERO).withThrowableOfType(ExecutionException.class)
        .withCauseInstanceOf(org.apache.http.client.ClientProtocolException.class)
        .withMessageContaining("HTTP/2 only");
  }

  @Test
  void shouldTellAnHttp2SettingsFrameFromAnHttp11StatusLine() {
    assertThat(Http2Preface.startsWithSettings(Unpooled.wrappedBuffer(HTTP2_SETTINGS)))
        .as("empty SETTINGS frame").isTrue();
    assertThat(Http2Preface.startsWithSettings(bytes("HTTP/1.1 200 OK\r\n\r\n")))
        .as("HTTP/1.1 status line").isFalse();
  }

  @Test
  void shouldCancelTheResponseCheckWhenTheExchangeFails() {
    EmbeddedChannel channel = connection();
    Exchange exchange = get(channel, 60_000);

    channel.pipeline().fireExceptionCaught(new IOException("reset"));

    assertThat(exchange.done).as("response").isCompletedExceptionally();
    assertThat(ResponseWatch.pending(channel)).as("check after the failure").isFalse();
  }

  @Test
  void shouldTimeOutTheNextExchangeOnAKeptConnection() {
    DrivenClock clock = new DrivenClock();
    EmbeddedChannel channel = keptAfterOneExchange(5_000, clock);
    Exchange second = get(channel, 100, clock);

    clock.advance(channel, 99);
    assertThat(second.done).as("second exchange, 1 ms before its timeout").isNotDone();
    clock.advance(channel, 1);

    assertThat(second.done).as("second exchange, no answer").failsWithin(Duration.ZERO)
        .withThrowableOfType(ExecutionException.class)
        .withCauseInstanceOf(SocketTimeoutException.class).withMessageContaining("Read timed out");
  }

  @Test
  void shouldMoveTheCheckSoonerForAShorterTimeoutOnTheSameConnection() {
    DrivenClock clock = new DrivenClock();
    EmbeddedChannel channel = keptAfterOneExchange(600_000, clock);
    Exchange shorter = get(channel, 100, clock);

    clock.advance(channel, 100);

    assertThat(shorter.done).as("0.1 s timeout after a 10 min one").isCompletedExceptionally();
  }

  @Test
  void shouldLeaveAnIdleKeptConnectionOpenWhenItsCheckComes() {
    EmbeddedChannel channel = keptAfterOneExchange(1_000);

    channel.advanceTimeBy(1_000, TimeUnit.MILLISECONDS);
    channel.runScheduledPendingTasks();

    assertThat(channel.isActive()).as("idle connection after the check").isTrue();
    assertThat(ResponseWatch.pending(channel)).as("check left on an idle connection").isFalse();
    channel.finishAndReleaseAll();
  }

  /** A connection that answered one exchange (with this response timeout) and is kept. */
  private static EmbeddedChannel keptAfterOneExchange(long timeoutMillis) {
    return keptAfterOneExchange(timeoutMillis, Exchange.SYSTEM_CLOCK);
  }

  private static EmbeddedChannel keptAfterOneExchange(long timeoutMillis, LongSupplier clock) {
    EmbeddedChannel channel = connection();
    channel.freezeTime(); // the scheduler moves only with advanceTimeBy, as the clock does
    Exchange first = get(channel, timeoutMillis, clock);
    channel.writeInbound(bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"));
    assertThat(first.done).as("first exchange").isCompleted();
    return channel;
  }

  /**
   * The exchanges' clock, moved only by {@link #advance}, with the channel's scheduler in step.
   *
   * <p>Starts at an arbitrary {@code nanoTime}-like value; only differences count.
   */
  private static final class DrivenClock implements LongSupplier {
    private long nanos = 1_000_000_000L;

    @Override
    public long getAsLong() {
      return nanos;
    }

    /** Moves this clock and {@code channel}'s scheduler by {@code millis}, then runs due checks. */
    void advance(EmbeddedChannel channel, long millis) {
      nanos += TimeUnit.MILLISECONDS.toNanos(millis);
      channel.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
      channel.runScheduledPendingTasks();
    }
  }

  @Test
  void shouldTakeABodyThatEndsWhenTheServerCloses() {
    EmbeddedChannel channel = connection();
    Exchange exchange = get(channel, 0);

    channel.writeInbound(bytes("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nto the end"));
    channel.close();

    assertThat(exchange.done).as("response").isCompletedWithValueMatching(
        r -> "to the end".equals(new String(r.body(), StandardCharsets.ISO_8859_1)));
  }

  @Test
  void shouldHandOverTheBodyInTheArrayOfTheAnnouncedLength() {
    EmbeddedChannel channel = connection();
    Exchange exchange = get(channel, 0);

    channel.writeInbound(bytes("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nfirst"));
    channel.writeInbound(bytes(" half"));

    assertThat(exchange.done).as("body read in two parts").isCompletedWithValueMatching(
        r -> "first half".equals(new String(r.body(), StandardCharsets.ISO_8859_1)));
    channel.finishAndReleaseAll();
  }

  @Test
  void shouldKeepEveryByteOfABodyLongerThanTheFirstGuess() {
    BodyBytes body = new BodyBytes(4);
    body.add(bytes("chunked "));
    body.add(bytes("body of "));
    body.add(bytes("unknown length"));

    assertThat(new String(body.toArray(), StandardCharsets.ISO_8859_1)).as("grown body")
        .isEqualTo("chunked body of unknown length");
  }

  @Test
  void shouldAnswerNoBytesForAnAnnouncedBodyThatNeverCame() {
    BodyBytes body = new BodyBytes(1024);
    body.add(Unpooled.EMPTY_BUFFER);

    assertThat(body.toArray()).as("a HEAD's body").isEmpty();
  }

  @Test
  void shouldTrimABodyShorterThanTheFirstGuess() {
    BodyBytes body = new BodyBytes(256);
    body.add(bytes("short"));

    assertThat(body.toArray()).as("trimmed body").hasSize(5);
  }

  static EmbeddedChannel connection() {
    return new EmbeddedChannel(Exchange.meter(), new HttpClientCodec(), Exchange.completion());
  }

  static Exchange get(EmbeddedChannel channel, long timeoutMillis) {
    return get(channel, timeoutMillis, Exchange.SYSTEM_CLOCK);
  }

  static Exchange get(EmbeddedChannel channel, long timeoutMillis, LongSupplier clock) {
    Exchange exchange = Exchange.send(channel, new DefaultFullHttpRequest(HttpVersion.HTTP_1_1,
        HttpMethod.GET, "/"), url("http://127.0.0.1/"), timeoutMillis, true, clock);
    channel.runPendingTasks();
    return exchange;
  }

  static URL url(String text) {
    try {
      return new URL(text);
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException(text, e);
    }
  }

  @Test
  void shouldNameTheDefaultPortWhenNoResponseCame() {
    EmbeddedChannel channel = connection();
    Exchange exchange = get(channel, 0);

    channel.close();

    assertThat(exchange.done).as("closed before any byte").failsWithin(Duration.ZERO)
        .withThrowableOfType(ExecutionException.class)
        .withMessageContaining("127.0.0.1:80 failed to respond");
  }

  static ByteBuf bytes(String text) {
    return Unpooled.copiedBuffer(text, StandardCharsets.ISO_8859_1);
  }
}
