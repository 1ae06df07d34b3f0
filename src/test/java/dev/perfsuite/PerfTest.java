package dev.perfsuite;

import static dev.perfsuite.Perf.overall;
import static dev.perfsuite.Perf.plan;
import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.junit.PerfExtension;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.sla.Sla;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.commons.support.AnnotationSupport;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;

/** The front door offers what a scenario needs, as the types behind it do. */
class PerfTest {

  @Test
  void shouldOfferEveryPublicMethodOfTheCataloguesSessionOnTheScenariosSession() {
    List<String> missing = Arrays.stream(PerfSession.class.getMethods())
        .filter(m -> m.getDeclaringClass() == PerfSession.class)
        .filter(m -> !Modifier.isStatic(m.getModifiers()) && !m.getName().equals("close"))
        .map(PerfTest::signature)
        .filter(s -> Arrays.stream(Perf.Session.class.getMethods()).map(PerfTest::signature)
            .noneMatch(s::equals))
        .toList();
    assertThat(missing).as("PerfSession's methods Perf.Session lacks (add a delegate)").isEmpty();
  }

  @Test
  void shouldTagAndExtendAScenarioAsTheCatalogueDoes() throws NoSuchMethodException {
    assertThat(AnnotationSupport.findRepeatableAnnotations(Probe.class, Tag.class))
        .as("tags of a @Scenario class").extracting(Tag::value).contains("perf");
    assertThat(AnnotationSupport.findRepeatableAnnotations(Probe.class, ExtendWith.class).stream()
        .flatMap(e -> Stream.of(e.value())).toList()).as("extensions of a @Scenario class")
        .contains(PerfExtension.class, SessionParameter.class);
    Method method = Probe.class.getDeclaredMethod("shouldRun", Perf.Session.class);
    assertThat(AnnotationSupport.isAnnotated(method, Test.class)).as("@LoadTest is a JUnit test")
        .isTrue();
  }

  @Test
  void shouldBuildThePlanAndTheSlaTheDomainTypesBuild() {
    DslHttpSampler get = httpSampler("GET /", "http://127.0.0.1/");
    assertThat(plan("front-door", Profiles.smoke(), get)).as("plan(...)")
        .isEqualTo(LoadPlan.of("front-door", Profiles.smoke(), get));
    assertThat(overall().p99Below(Duration.ofSeconds(1))).as("overall()")
        .isEqualTo(Sla.overall().p99Below(Duration.ofSeconds(1)));
    assertThat(Perf.label("GET /")).as("label(...)").isEqualTo(Sla.label("GET /"));
  }

  private static String signature(Method method) {
    return method.getReturnType().getName() + " " + method.getName()
        + Arrays.toString(method.getParameterTypes());
  }

  @Perf.Scenario
  static final class Probe {
    @Perf.LoadTest
    void shouldRun(Perf.Session perf) {
      // Never run: a class to read the annotations from.
    }
  }
}
