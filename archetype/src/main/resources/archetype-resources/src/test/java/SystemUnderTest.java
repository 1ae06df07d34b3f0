package ${package};

import dev.perfsuite.backends.LocalBackend;
import dev.perfsuite.backends.LocalServices;
import java.util.Map;

/**
 * The services the scenarios load and what stands in for each on {@code perf.target=local}:
 * {@code ${serviceName}} is served by the suite's embedded echo backend, so the scenarios run with
 * no service and no Docker. Listed in
 * {@code src/test/resources/META-INF/services/dev.perfsuite.backends.LocalServices}.
 */
public final class SystemUnderTest implements LocalServices {

  @Override
  public Map<String, LocalBackend> services() {
    return Map.of("${serviceName}", LocalBackend.ECHO);
  }
}
