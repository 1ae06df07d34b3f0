package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.jmeter.protocol.http.control.DNSCacheManager;
import org.apache.jmeter.protocol.http.sampler.AjpSampler;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.Test;

class ClientSwapTest {

  @Test
  void shouldReplaceAPlainSamplerKeepingItsProperties() {
    ListedHashTree tree = new ListedHashTree();
    HTTPSamplerProxy get = sampler("get items");
    get.setPath("/items");
    tree.add(get);

    ClientSwap.Outcome outcome = ClientSwap.apply(tree);

    assertThat(outcome.swapped()).as("swapped").isEqualTo(1);
    assertThat(tree.list()).as("the tree's sampler").singleElement()
        .isInstanceOfSatisfying(SuiteHttpSampler.class, s -> {
          assertThat(s.getName()).as("name").isEqualTo("get items");
          assertThat(s.getPath()).as("path").isEqualTo("/items");
          assertThat(s.getDomain()).as("domain").isEqualTo("127.0.0.1");
        });
  }

  @Test
  void shouldCarryTheHttpVersionOnTheSwappedSampler() {
    ListedHashTree tree = new ListedHashTree();
    tree.add(sampler("get items"));

    ClientSwap.apply(tree, 0, "2");

    assertThat(tree.list()).as("the tree's sampler").singleElement()
        .isInstanceOfSatisfying(SuiteHttpSampler.class, s -> assertThat(
            s.getPropertyAsString(SuiteHttpSampler.HTTP_VERSION)).as("its HTTP version")
            .isEqualTo("2"));
  }

  @Test
  void shouldKeepJmetersClientForAProxyNamingTheLabelOnce() {
    ListedHashTree tree = new ListedHashTree();
    HTTPSamplerProxy first = sampler("via proxy");
    first.setProxyHost("127.0.0.1");
    HTTPSamplerProxy second = (HTTPSamplerProxy) first.clone();
    tree.add(first);
    tree.add(second);

    ClientSwap.Outcome outcome = ClientSwap.apply(tree);

    assertThat(outcome.swapped()).as("swapped").isZero();
    assertThat(outcome.kept()).as("kept, once per label")
        .containsExactly("via proxy: JMeter's client (proxy)");
  }

  @Test
  void shouldKeepEverySamplerOfAPlanWithADnsCacheManager() {
    ListedHashTree tree = new ListedHashTree();
    tree.add(new DNSCacheManager());
    tree.add(sampler("resolved"));

    ClientSwap.Outcome outcome = ClientSwap.apply(tree);

    assertThat(outcome.kept()).as("kept")
        .containsExactly("resolved: JMeter's client (DNS Cache Manager)");
  }

  @Test
  void shouldKeepJmetersClientForAnExplicitJavaImplementationOnly() {
    HTTPSamplerProxy multipart = sampler("upload");
    multipart.setDoMultipart(true);
    HTTPSamplerProxy java = sampler("java");
    java.setImplementation("Java");
    HTTPSamplerProxy hc4 = sampler("hc4");
    hc4.setImplementation("HttpClient4");

    assertThat(ClientSwap.samplerReason(multipart)).as("multipart").isEmpty();
    assertThat(ClientSwap.samplerReason(hc4)).as("HttpClient4 named").isEmpty();
    assertThat(ClientSwap.samplerReason(java)).as("Java").contains("implementation Java");
  }

  @Test
  void shouldSwapOnlyJmetersHttpRequestSampler() {
    ListedHashTree tree = new ListedHashTree();
    AjpSampler ajp = new AjpSampler();
    ajp.setName("ajp");
    ajp.setMethod("GET");
    tree.add(ajp);
    tree.add(sampler("plain"));

    ClientSwap.Outcome outcome = ClientSwap.apply(tree);

    assertThat(outcome.swapped()).as("swapped").isEqualTo(1);
    assertThat(outcome.kept()).as("kept")
        .containsExactly("ajp: JMeter's client (sampler AjpSampler)");
  }

  @Test
  void shouldKeepJmetersClientForMethodsOutsideTheSuitesSeven() {
    HTTPSamplerProxy propfind = sampler("propfind");
    propfind.setMethod("PROPFIND");
    HTTPSamplerProxy patch = sampler("patch");
    patch.setMethod("PATCH");

    assertThat(ClientSwap.samplerReason(propfind)).as("WebDAV").contains("method PROPFIND");
    assertThat(ClientSwap.samplerReason(patch)).as("PATCH").isEmpty();
  }

  private static HTTPSamplerProxy sampler(String name) {
    HTTPSamplerProxy sampler = new HTTPSamplerProxy();
    sampler.setName(name);
    sampler.setDomain("127.0.0.1");
    sampler.setMethod("GET");
    return sampler;
  }
}
