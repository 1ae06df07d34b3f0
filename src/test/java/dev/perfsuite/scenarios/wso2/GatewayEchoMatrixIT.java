package dev.perfsuite.scenarios.wso2;

import dev.perfsuite.config.ConfigKey;
import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * WSO2 Choreo Connect benchmark (seed 003): users x payload size against the echo backend with a
 * bearer JWT; prints and writes the matrix in the reference table's columns.
 *
 * <p>Smoke: 2 and 8 users x 4 sizes, seconds each. Any other profile: 10, 50, 100, 200, 500 and
 * 1000 users, each cell the profile's duration (load: 900 s with 300 s warm-up, as the seed).
 */
@PerfScenario
@Tag("wso2")
class GatewayEchoMatrixIT {
  private static final List<Integer> SMOKE_USERS = List.of(2, 8);
  private static final List<Integer> FULL_USERS = List.of(10, 50, 100, 200, 500, 1000);
  private static final ChoreoConnectTable MATRIX = new ChoreoConnectTable();
  private static final GatewayJwt JWT = GatewayJwt.generate();

  static Stream<Arguments> matrix(PerfSession perf) {
    PerfConfig config = perf.config();
    List<Integer> users = config.value(Wso2System.USERS)
        .orElse(config.profile().isSmoke() ? SMOKE_USERS : FULL_USERS);
    return config.value(Wso2System.SIZES).orElseThrow().stream()
        .flatMap(bytes -> users.stream().map(u -> Arguments.of(u, bytes)));
  }

  @ParameterizedTest(name = "{0} users x {1} B")
  @MethodSource("matrix")
  void shouldEchoEveryPayloadWithinSlaWhenLoadedByUsers(int users, int bytes, PerfSession perf) {
    perf.parameter("payload", GatewayPayloads.label(bytes));
    RunResult result = perf.run(GatewayJourney.plan(perf.service("gateway"), users, bytes,
        JWT.tokensFor(users, Instant.now()), perf.config().profile()));
    MATRIX.add(users, bytes, GatewayPayloads.label(bytes), result.overall(Phase.MEASUREMENT));

    perf.judge(GatewaySlas.echo(bytes, perf.config().profile()), result).assertPassed();
  }

  @AfterAll
  static void printMatrix(PerfSession perf) {
    if (MATRIX.isEmpty()) {
      return;
    }
    Path csv = perf.report(MATRIX, "wso2-gateway-matrix", "WSO2 gateway echo matrix");
    System.out.printf("%nWSO2 gateway echo matrix (%s, measurement phase; %s):%n%s%n",
        perf.config().profile().name(), ConfigKey.PROFILE.key() + "=" + perf.config().profile()
            .name(), MATRIX.markdown());
    System.out.println("Matrix written to " + csv.toAbsolutePath() + " and .md");
  }
}
