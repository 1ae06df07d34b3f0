package dev.perfsuite.users;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.jmeter.engine.event.LoopIterationEvent;
import org.apache.jmeter.protocol.http.control.Cookie;
import org.apache.jmeter.protocol.http.control.CookieManager;
import org.apache.jmeter.testelement.property.CollectionProperty;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class UserCookiesTest {

  /** The variable JMeter's thread group sets for "same user on each iteration" (no setter). */
  private static final String SAME_USER = "__jmv_SAME_USER";

  @BeforeEach
  void aNewVisitorEveryIteration() {
    JMeterVariables variables = new JMeterVariables();
    variables.putObject(SAME_USER, false);
    JMeterContextService.getContext().setVariables(variables);
  }

  @AfterEach
  void forgetTheUser() {
    JMeterContextService.getContext().setVariables(null);
  }

  @Test
  void shouldSkipTheResetWhenItHoldsNoCookie() {
    UserCookies mine = userOf(new CookieManager());
    CollectionProperty before = mine.getCookies();

    mine.testIterationStart(new LoopIterationEvent(null, 2));

    assertThat((Object) mine.getCookies()).as("cookie list after a reset with nothing to reset")
        .isSameAs(before);
  }

  @Test
  void shouldResetWhenItHoldsACookie() {
    UserCookies mine = userOf(new CookieManager());
    mine.add(new Cookie("session", "1", "localhost", "/", false, 0));

    mine.testIterationStart(new LoopIterationEvent(null, 2));

    assertThat(mine.getCookieCount()).as("cookies of the next visitor").isZero();
  }

  @Test
  void shouldRestoreTheConfiguredCookiesOfTheNextVisitor() {
    CookieManager plan = new CookieManager();
    plan.add(new Cookie("lang", "en", "localhost", "/", false, 0));
    UserCookies mine = userOf(plan);
    mine.add(new Cookie("session", "1", "localhost", "/", false, 0));

    mine.testIterationStart(new LoopIterationEvent(null, 2));

    assertThat(mine.getCookieCount()).as("cookies of the next visitor").isEqualTo(1);
    assertThat(mine.get(0).getName()).as("the configured cookie").isEqualTo("lang");
  }

  @Test
  void shouldKeepTheSameUsersCookies() {
    JMeterContextService.getContext().getVariables()
        .putObject(SAME_USER, true);
    UserCookies mine = userOf(new CookieManager());
    mine.add(new Cookie("session", "1", "localhost", "/", false, 0));

    mine.testIterationStart(new LoopIterationEvent(null, 2));

    assertThat(mine.getCookieCount()).as("the same user's cookies").isEqualTo(1);
  }

  private static UserCookies userOf(CookieManager plan) {
    plan.setControlledByThread(true);
    return UserCookies.of(plan).forUser();
  }
}
