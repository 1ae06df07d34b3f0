package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.ssl.SslContext;
import org.apache.jmeter.engine.event.LoopIterationEvent;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SuiteHttpSamplerTest {

  /** The variable JMeter's thread group sets for "same user on each iteration" (no setter). */
  private static final String SAME_USER = "__jmv_SAME_USER";

  /** JMeter's reset property: a run in the same JVM may have set it false (the suite does). */
  private static final String RESET = "httpclient.reset_state_on_thread_group_iteration";

  private Object resetBefore;

  @BeforeEach
  void resetOnEveryNewVisitorAsJmeterDoesByDefault() {
    if (JMeterUtils.getJMeterProperties() != null) {
      resetBefore = JMeterUtils.getJMeterProperties().setProperty(RESET, "true");
    }
  }

  @AfterEach
  void forgetTheUser() {
    UserChannels.ofThisUser().newVisitor();
    JMeterContextService.getContext().setVariables(null);
    if (JMeterUtils.getJMeterProperties() != null) {
      if (resetBefore == null) {
        JMeterUtils.getJMeterProperties().remove(RESET);
      } else {
        JMeterUtils.getJMeterProperties().put(RESET, resetBefore);
      }
    }
  }

  @Test
  void shouldStartEveryNewVisitorsIterationOnNewTlsSessions() {
    JMeterVariables variables = new JMeterVariables();
    variables.putObject(SAME_USER, false);
    JMeterContextService.getContext().setVariables(variables);
    SuiteHttpSampler sampler = new SuiteHttpSampler();

    SslContext first = UserChannels.ofThisUser().tls();
    sampler.testIterationStart(new LoopIterationEvent(null, 1));
    SslContext second = UserChannels.ofThisUser().tls();
    sampler.testIterationStart(new LoopIterationEvent(null, 2));

    assertThat(second).as("second visitor's").isNotSameAs(first);
    assertThat(UserChannels.ofThisUser().tls()).as("third visitor's").isNotSameAs(second);
  }

  @Test
  void shouldKeepTheSameUsersTlsSessions() {
    JMeterVariables variables = new JMeterVariables();
    variables.putObject(SAME_USER, true);
    JMeterContextService.getContext().setVariables(variables);
    SslContext first = UserChannels.ofThisUser().tls();

    new SuiteHttpSampler().testIterationStart(new LoopIterationEvent(null, 1));

    assertThat(UserChannels.ofThisUser().tls()).as("same user's").isSameAs(first);
  }
}
