package dev.perfsuite.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a catalogue scenario, tagged {@code perf} and given a {@link PerfSession}. It runs by
 * {@code mvn verify -Pperf}, not by the plain test build; its {@code @AfterAll} attachments reach
 * the Allure report as tear-down fixtures ({@link AllureClassFixtures}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("perf")
@ExtendWith({PerfExtension.class, AllureClassFixtures.class})
public @interface PerfScenario {
}
