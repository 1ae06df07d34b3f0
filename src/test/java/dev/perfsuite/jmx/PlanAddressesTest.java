package dev.perfsuite.jmx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.apache.jmeter.protocol.http.control.Header;
import org.apache.jmeter.protocol.http.control.HeaderManager;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jorphan.collections.HashTree;
import org.junit.jupiter.api.Test;

/** The converter's rewrite of fixed addresses into the suite's service properties. */
class PlanAddressesTest {

  @Test
  void shouldReadHostPortNamePairs() {
    assertThat(PlanAddresses.parse("127.0.0.1:8080=gateway, localhost:81=sunbird"))
        .containsExactly(Map.entry("127.0.0.1:8080", "gateway"), Map.entry("localhost:81",
            "sunbird"));
    assertThat(PlanAddresses.parse("")).isEmpty();
  }

  @Test
  void shouldFailNamingThePairAndTheFormWhenMalformed() {
    assertThatThrownBy(() -> PlanAddresses.parse("127.0.0.1=gateway"))
        .isInstanceOf(JmxException.class)
        .hasMessageContaining("'127.0.0.1=gateway' is not host:port=NAME")
        .hasMessageContaining("-Djmx2java.services=127.0.0.1:8080=gateway");
  }

  @Test
  void shouldTurnSamplerAddressesAndUrlsInValuesIntoServiceProperties() {
    HTTPSamplerProxy sampler = new HTTPSamplerProxy();
    sampler.setDomain("127.0.0.1");
    sampler.setPort(9);
    sampler.setProtocol("http");
    sampler.setPath("/echo");
    HTTPSamplerProxy absolute = new HTTPSamplerProxy();
    absolute.setPath("http://127.0.0.1:9/api/${id}?q=1");
    HeaderManager headers = new HeaderManager();
    headers.add(new Header("Referer", "http://127.0.0.1:9/"));
    headers.add(new Header("X-Other", "http://127.0.0.1:90/"));
    HashTree tree = new HashTree();
    tree.add(sampler);
    tree.add(absolute).add(headers);

    assertThat(PlanAddresses.apply(tree, Map.of("127.0.0.1:9", "gateway")))
        .singleElement().asString().startsWith("3 value(s) with 127.0.0.1:9 now read");

    assertThat(sampler.getDomain()).isEqualTo("${__P(gateway.host)}");
    assertThat(sampler.getPropertyAsString("HTTPSampler.port")).isEqualTo("${__P(gateway.port)}");
    assertThat(sampler.getProtocol()).isEqualTo("${__P(gateway.protocol,http)}");
    assertThat(absolute.getPath()).isEqualTo("${__P(gateway.url)}/api/${id}?q=1");
    assertThat(headers.getHeader(0).getValue()).isEqualTo("${__P(gateway.url)}/");
    assertThat(headers.getHeader(1).getValue()).as("another port is another address")
        .isEqualTo("http://127.0.0.1:90/");
  }
}
