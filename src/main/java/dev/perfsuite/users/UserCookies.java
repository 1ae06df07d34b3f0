package dev.perfsuite.users;

import org.apache.jmeter.engine.event.LoopIterationEvent;
import org.apache.jmeter.protocol.http.control.CookieManager;

/**
 * A user's HTTP Cookie Manager that skips its per-iteration reset when there is nothing to reset.
 *
 * <p>Nothing to reset means no cookie held and none configured.
 *
 * <p>JMeter's Cookie Manager resets a new visitor's cookies (or every iteration's, with "clear
 * each iteration") by installing a fresh copy of the configured cookies, an allocation on every
 * iteration of every user even when both lists are empty, which is the usual case of a user
 * whose target sets no cookie. Everything else is JMeter's; the group gives each user one of
 * these in place of a copy of a plain Cookie Manager ({@link UserPlan}).
 *
 * <p>Public with a no-argument constructor because JMeter clones it reflectively.
 */
public final class UserCookies extends CookieManager {
  private static final long serialVersionUID = 1L;

  /** True when the plan configures no cookie: a reset then leaves the manager empty. */
  private transient boolean noneConfigured;

  /** A prototype for the users of a group: {@code manager}'s settings and configured cookies. */
  static UserCookies of(CookieManager manager) {
    UserCookies cookies = new UserCookies();
    manager.propertyIterator().forEachRemaining(p -> cookies.setProperty(p.clone()));
    // As JMeter's engine does for the plan's own manager before the threads start: reads the
    // configured cookies and builds the cookie handler all copies share.
    cookies.testStarted();
    return cookies;
  }

  @Override
  public void testStarted() {
    super.testStarted();
    noneConfigured = getCookieCount() == 0;
  }

  /** A user's own manager: JMeter's copy of this prototype (cookie handler shared). */
  UserCookies forUser() {
    UserCookies copy = (UserCookies) clone();
    copy.noneConfigured = noneConfigured;
    return copy;
  }

  @Override
  public void testIterationStart(LoopIterationEvent event) {
    if (noneConfigured && getCookieCount() == 0) {
      return;
    }
    super.testIterationStart(event);
  }
}
