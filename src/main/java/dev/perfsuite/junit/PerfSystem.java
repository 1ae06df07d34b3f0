package dev.perfsuite.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The system a scenario exercises, as its report names it (the Allure epic), when the package
 * segment after {@code scenarios.} is not the wanted spelling: put it on the system's
 * {@code package-info.java} (it covers sub-packages) or on one class.
 *
 * <p>Without it the system is that package segment, e.g. {@code shop} for
 * {@code dev.perfsuite.scenarios.shop.checkout.CartIT}.
 */
@Target({ElementType.PACKAGE, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface PerfSystem {

  /** The system's display name, e.g. {@code Shop}. */
  String value();
}
