package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.engines.JmeterHome;
import java.net.URL;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.protocol.http.util.HTTPArgument;
import org.apache.jmeter.testelement.property.FunctionProperty;
import org.junit.jupiter.api.Test;

class BuiltUrlTest {

  @Test
  void shouldBuildTheUrlOnceWhileItsPropertiesStayTheSame() throws Exception {
    SuiteHttpSampler sampler = sampler();

    URL first = sampler.getUrl();
    URL second = sampler.getUrl();

    assertThat(first).as("JMeter's URL").hasToString("http://127.0.0.1:8080/items?q=a+b");
    assertThat(second).as("the next sample's URL, nothing changed").isSameAs(first);
  }

  @Test
  void shouldBuildAnotherUrlWhenAPropertyItIsMadeOfChanges() throws Exception {
    SuiteHttpSampler sampler = sampler();
    URL first = sampler.getUrl();

    sampler.setPath("/other");
    URL otherPath = sampler.getUrl();
    sampler.getArguments().removeAllArguments();
    sampler.addArgument("q", "c");
    URL otherArgument = sampler.getUrl();
    sampler.setPort(9090);
    URL otherPort = sampler.getUrl();
    sampler.setMethod("POST");
    URL post = sampler.getUrl();

    assertThat(otherPath).as("another path").isNotSameAs(first)
        .hasToString("http://127.0.0.1:8080/other?q=a+b");
    assertThat(otherArgument).as("another query parameter")
        .hasToString("http://127.0.0.1:8080/other?q=c");
    assertThat(otherPort).as("another port").hasToString("http://127.0.0.1:9090/other?q=c");
    assertThat(post).as("a POST, its parameters in the body")
        .hasToString("http://127.0.0.1:9090/other");
  }

  @Test
  void shouldRunAFunctionInThePathOncePerSampleAsJmeterDoes() throws Exception {
    JmeterHome.prepare();
    SuiteHttpSampler sampler = sampler();
    CountingPath path = new CountingPath();
    FunctionProperty property = new FunctionProperty(HTTPSamplerBase.PATH, path);
    property.setRunningVersion(true);
    sampler.setProperty(property);

    URL first = sampler.getUrl();
    URL second = sampler.getUrl();

    assertThat(path.runs).as("runs of a ${__counter()} in the path over two samples")
        .isEqualTo(2);
    assertThat(first).as("first sample").hasToString("http://127.0.0.1:8080/events/1?q=a+b");
    assertThat(second).as("second sample").hasToString("http://127.0.0.1:8080/events/2?q=a+b");
  }

  /** A path function that counts its runs, as {@code ${__counter(FALSE,)}} does. */
  private static final class CountingPath extends CompoundVariable {
    private int runs;

    @Override
    public String execute() {
      runs++;
      return "/events/" + runs;
    }
  }

  private static SuiteHttpSampler sampler() {
    SuiteHttpSampler sampler = new SuiteHttpSampler();
    sampler.setProtocol("http");
    sampler.setDomain("127.0.0.1");
    sampler.setPort(8080);
    sampler.setPath("/items");
    sampler.setMethod("GET");
    HTTPArgument query = new HTTPArgument("q", "a b");
    query.setAlwaysEncoded(true);
    sampler.getArguments().addArgument(query);
    return sampler;
  }
}
