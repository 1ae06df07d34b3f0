package dev.perfsuite.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.settings.JtlContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JTL's timeStamp column is the sample's start whatever this JVM's {@code SampleResult}
 * stamps: JMeter reads {@code sampleresult.timestamp.start} once, when the class loads.
 */
class JtlTimestampTest {
  private static final long START = 1_700_000_000_000L;
  private static final long ELAPSED = 300;

  @TempDir
  Path dir;

  /** A result with a start and an end whatever this JVM stamps (the setters are protected). */
  private static final class Timed extends SampleResult {
    Timed() {
      setStartTime(START);
      setEndTime(START + ELAPSED);
    }
  }

  private static SampleResult sample(long stamp) {
    SampleResult result = new Timed();
    result.setTimeStamp(stamp);
    result.setSampleLabel("GET echo");
    result.setSuccessful(true);
    return result;
  }

  private List<String> written(SampleResult result) throws Exception {
    Path jtl = dir.resolve(ResultDirectory.JTL);
    JtlWriter writer = new JtlWriter(jtl, JtlContent.ALL, false);
    writer.open();
    writer.add(new SampleEvent(result, "group"), false);
    writer.close();
    return Files.readAllLines(jtl);
  }

  @Test
  void shouldWriteTheStartWhenJmeterStampedTheEnd() throws Exception {
    SampleResult endStamped = sample(START + ELAPSED);

    List<String> lines = written(endStamped);

    assertThat(lines.get(1)).as("the row's timeStamp, from a result stamped with its end")
        .startsWith(START + "," + ELAPSED + ",");
    assertThat(endStamped.getTimeStamp()).as("the listeners' result is left as it was")
        .isEqualTo(START + ELAPSED);
  }

  @Test
  void shouldWriteTheStartWhenJmeterStampedTheStart() throws Exception {
    List<String> lines = written(sample(START));

    assertThat(lines.get(1)).as("the row's timeStamp, from a result stamped with its start")
        .startsWith(START + "," + ELAPSED + ",");
  }
}
