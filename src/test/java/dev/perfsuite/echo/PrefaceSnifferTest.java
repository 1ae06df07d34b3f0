package dev.perfsuite.echo;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http2.Http2CodecUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PrefaceSnifferTest {
  private final List<String> chosen = new ArrayList<>();

  private EmbeddedChannel channel() {
    return new EmbeddedChannel(new PrefaceSniffer(ctx -> chosen.add("1.1"),
        (ChannelHandlerContext ctx) -> chosen.add("2")));
  }

  @Test
  void shouldChooseHttp11AtTheFirstByteThatIsNotThePreface() {
    EmbeddedChannel channel = channel();

    channel.writeInbound(bytes("GET"));

    assertThat(chosen).as("pipeline chosen after 3 bytes of HTTP/1.1").containsExactly("1.1");
    ByteBuf passed = channel.readInbound();
    assertThat(passed.toString(StandardCharsets.US_ASCII)).as("bytes passed on").isEqualTo("GET");
    passed.release();
  }

  @Test
  void shouldChooseHttp2OnlyOnceTheWholePrefaceIsIn() {
    EmbeddedChannel channel = channel();
    ByteBuf preface = Http2CodecUtil.connectionPrefaceBuf();

    channel.writeInbound(preface.retainedSlice(0, 10));
    assertThat(chosen).as("after 10 bytes of the preface").isEmpty();
    channel.writeInbound(preface.retainedSlice(10, preface.readableBytes() - 10));

    assertThat(chosen).as("after the whole preface").containsExactly("2");
    channel.finishAndReleaseAll();
  }

  @Test
  void shouldChooseHttp11ForAPrefixOfThePrefaceThatThenDiffers() {
    EmbeddedChannel channel = channel();

    channel.writeInbound(bytes("PRI * HTTP/1.1\r\n"));

    assertThat(chosen).as("a PRI request that is not HTTP/2's").containsExactly("1.1");
    channel.finishAndReleaseAll();
  }

  private static ByteBuf bytes(String text) {
    return Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII);
  }
}
