package dev.perfsuite.engines.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static us.abstracta.jmeter.javadsl.JmeterDsl.dummySampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.net.URL;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import javax.management.BadAttributeValueExpException;
import org.apache.jmeter.sampler.DebugSampler;
import org.apache.jmeter.testelement.property.ObjectProperty;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;

/** The allow-list an engine reads RMI objects through: plans pass, gadgets do not. */
class EngineSerialFilterTest {

  @Test
  void shouldReadAPlanTreeWithPluginElementsAndObjectProperties() throws Exception {
    HashTree tree = new ListedHashTree();
    HashTree under = testPlan(threadGroup(2, 10, dummySampler("ok")))
        .buildTreeUnder(tree, new BuildTreeContext());
    DebugSampler debug = new DebugSampler();
    debug.setProperty(new ObjectProperty("PerfSuite.settings", Duration.ofSeconds(5)));
    under.add(debug);

    Object read = roundTrip(tree);

    assertThat(read).as("the plan's tree read back").isInstanceOf(ListedHashTree.class);
    assertThat(((HashTree) read).size()).as("its roots").isEqualTo(tree.size());
  }

  @Test
  void shouldRejectGadgetsAndClassesOffTheList() {
    assertThatThrownBy(() -> roundTrip(new BadAttributeValueExpException("x")))
        .as("a JDK management class, the entry of known gadget chains")
        .isInstanceOf(InvalidClassException.class).hasMessageContaining("REJECTED");
    Map<URL, String> lookup = new HashMap<>();
    assertThatThrownBy(() -> {
      lookup.put(new URL("http://127.0.0.1/"), "x");
      roundTrip(lookup);
    }).as("a URL, whose hash code resolves its host").isInstanceOf(InvalidClassException.class);
    assertThat(EngineSerialFilter.allowed(Runnable[].class)).as("arrays of allowed types")
        .isTrue();
    assertThat(EngineSerialFilter.allowed(java.lang.reflect.Proxy.class))
        .as("the superclass of every RMI stub").isTrue();
    assertThat(EngineSerialFilter.allowed(java.lang.invoke.SerializedLambda.class))
        .as("serialized lambdas").isFalse();
  }

  private static Object roundTrip(Object value) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(
        bytes.toByteArray()))) {
      in.setObjectInputFilter(EngineSerialFilter.create());
      return in.readObject();
    }
  }
}
