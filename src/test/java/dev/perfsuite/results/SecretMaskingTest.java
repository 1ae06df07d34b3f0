package dev.perfsuite.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.Secrets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.apache.jmeter.save.CSVSaveService;
import org.junit.jupiter.api.Test;

/** The JTL masks secrets in its values before quoting; failure trails mask credentials too. */
class SecretMaskingTest {
  private static final String SECRET = "jtl\"se,cret&12";

  @Test
  void shouldMaskASecretHoldingQuoteAndCommaInTheJtlValueAndKeepTheRowValidCsv()
      throws IOException {
    Secrets.registerGenerated(SECRET);
    String label = "GET /login?password=" + SECRET;
    String row = "1700000000000,12," + CSVSaveService.quoteDelimiters(label,
        new char[] {',', '"', '\r', '\n'}) + ",200,OK,users 1-1,text,true,,10,20,1,1";

    String masked = JtlMasking.masked(row);

    assertThat(masked).as("the JTL row, secret masked in its label value")
        .doesNotContain(SECRET).doesNotContain(SECRET.replace("\"", "\"\""))
        .doesNotContain("se,cret");
    assertThat(CSVSaveService.csvSplitString(masked, ','))
        .as("the masked row still splits into the same columns")
        .hasSize(13).contains("GET /login?password=****", "users 1-1");
  }

  @Test
  void shouldLeaveARowWithoutSecretsAsItIs() {
    String row = "1700000000000,12,\"a, b\",200,OK";

    assertThat(JtlMasking.masked(row)).as("a row holding no secret").isSameAs(row);
  }

  @Test
  void shouldMaskAuthorizationAndCookieValuesInFailureTrailsEvenWhenNotDeclaredSecret() {
    String basic = Base64.getEncoder().encodeToString("id:undeclared-1"
        .getBytes(StandardCharsets.UTF_8));
    String trail = "--- request ---\nPOST http://127.0.0.1/\n\nCookie Data:\nsid=undeclared-2\n"
        + "\n[request headers]\nAuthorization: Basic " + basic + "\ncookie: sid=undeclared-2\n"
        + "Accept: */*\n--- response ---\nHTTP/1.1 500\nSet-Cookie: sid=undeclared-3; Path=/\n";

    String masked = FailureTrail.masked(trail);

    assertThat(masked).as("failure trail")
        .doesNotContain(basic).doesNotContain("undeclared-2").doesNotContain("undeclared-3")
        .contains("Authorization: ****", "cookie: ****", "Set-Cookie: ****",
            "Cookie Data:\n****", "Accept: */*");
  }
}
