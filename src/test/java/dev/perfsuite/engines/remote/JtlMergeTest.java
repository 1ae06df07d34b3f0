package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Engines' JTLs merge into one by time stamp, with one header, counting records per engine. */
class JtlMergeTest {
  private static final String HEADER = "timeStamp,elapsed,label,responseMessage,threadName";

  @TempDir
  Path dir;

  @Test
  void shouldMergeByTimeStampKeepingMultiLineRecordsWhole() throws Exception {
    Path a = dir.resolve("a.jtl");
    Path b = dir.resolve("b.jtl");
    Files.write(a, List.of(HEADER, "100,5,read,OK,a:1-tg 1-1",
        "300,5,read,\"line one", "line two\",a:1-tg 1-1", "500,5,read,OK,a:1-tg 1-2"));
    Files.write(b, List.of(HEADER, "200,7,write,OK,b:1-tg 1-1", "400,7,write,OK,b:1-tg 1-1"));
    Map<String, Path> engines = new LinkedHashMap<>();
    engines.put("a:1", a);
    engines.put("b:1", b);
    Path merged = dir.resolve("results.jtl");

    Map<String, Long> counts = JtlMerge.merge(engines, merged);

    assertThat(counts).as("records per engine").containsExactly(Map.entry("a:1", 3L),
        Map.entry("b:1", 2L));
    assertThat(Files.readAllLines(merged)).as("one header, time-stamp order").containsExactly(
        HEADER, "100,5,read,OK,a:1-tg 1-1", "200,7,write,OK,b:1-tg 1-1",
        "300,5,read,\"line one", "line two\",a:1-tg 1-1", "400,7,write,OK,b:1-tg 1-1",
        "500,5,read,OK,a:1-tg 1-2");
    assertThat(JtlMerge.records(merged)).as("records, not lines").isEqualTo(5);
  }
}
