package dev.perfsuite.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JtlRowsTest {
  @TempDir
  Path dir;

  @Test
  void shouldReadCellsByColumnNameAcrossQuotedLineBreaks() throws Exception {
    Path jtl = jtl("""
        timeStamp,elapsed,label,responseMessage,success
        1000,12,GET home,OK,true
        1010,30,Checkout,"Number of samples in transaction : 2, number of failing samples : 0",true
        1020,5,POST form,"line one
        line two",false
        1030,7,GET cut
        """);
    List<String> seen = new ArrayList<>();
    try (JtlRows rows = JtlRows.open(jtl)) {
      rows.require("timeStamp", "elapsed", "label");
      for (JtlRows.Row row = rows.next(); row != null; row = rows.next()) {
        seen.add(row.get("label") + "|" + row.complete() + "|" + row.transaction() + "|"
            + row.get("responseMessage", "-"));
      }
    }

    assertThat(seen).as("label | complete | transaction | message").containsExactly(
        "GET home|true|false|OK",
        "Checkout|true|true|Number of samples in transaction : 2, number of failing samples : 0",
        "POST form|true|false|line one\nline two",
        "GET cut|false|false|-");
  }

  @Test
  void shouldNameTheMissingColumnAndTheHeader() throws Exception {
    Path jtl = jtl("timeStamp,label\n1000,GET home\n");
    try (JtlRows rows = JtlRows.open(jtl)) {
      assertThatThrownBy(() -> rows.require("timeStamp", "elapsed"))
          .as("a JTL without elapsed").isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("'elapsed'").hasMessageContaining("[timeStamp, label]");
    }
  }

  private Path jtl(String text) throws Exception {
    Path jtl = dir.resolve(ResultDirectory.JTL);
    Files.writeString(jtl, text);
    return jtl;
  }
}
