package dev.perfsuite.junit;

import io.qameta.allure.jupiter.AllureJupiter;
import java.lang.reflect.Method;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * Records {@code @BeforeAll} / {@code @AfterAll} methods of scenario classes as Allure fixtures.
 * What they attach (the gateway matrix's figures) then reaches the report instead of "Could not add
 * attachment: no test is running".
 *
 * <p>Allure's Jupiter extension does this, but is only found by JUnit's extension auto-detection,
 * which is off. Its parameter reporting is left out: it would add every test argument (the
 * {@link PerfSession} included, whose text changes per run) as a parameter and break Allure's
 * history across runs; the suite adds its own parameters.
 */
public final class AllureClassFixtures extends AllureJupiter {

  @Override
  public void interceptTestTemplateMethod(Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext, ExtensionContext extensionContext)
      throws Throwable {
    invocation.proceed();
  }
}
