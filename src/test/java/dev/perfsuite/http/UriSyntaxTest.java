package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URISyntaxException;
import java.net.URL;
import org.junit.jupiter.api.Test;

class UriSyntaxTest {

  @Test
  void shouldFailAUrlThatIsNoUriEvenAfterAUriPassed() throws Exception {
    UriSyntax syntax = new UriSyntax();
    syntax.check(new URL("http://127.0.0.1:8080/items?id=1"));

    assertThatThrownBy(() -> syntax.check(new URL("http://127.0.0.1:8080/items/{id}")))
        .as("a raw brace after a valid URL").isInstanceOf(URISyntaxException.class);
  }

  @Test
  void shouldFailTheSameBadUrlOnEveryIteration() throws Exception {
    UriSyntax syntax = new UriSyntax();
    URL bad = new URL("http://127.0.0.1:8080/a b");

    for (int iteration = 0; iteration < 2; iteration++) {
      assertThatThrownBy(() -> syntax.check(bad)).as("iteration " + iteration)
          .isInstanceOf(URISyntaxException.class);
    }
  }

  @Test
  void shouldTellUrlsApartByEveryPartOfTheirText() throws Exception {
    UriSyntax syntax = new UriSyntax();
    syntax.check(new URL("http://127.0.0.1:8080/path#ok"));

    assertThatThrownBy(() -> syntax.check(new URL("http://127.0.0.1:8080/path#bad ref")))
        .as("another fragment").isInstanceOf(URISyntaxException.class);
    assertThatThrownBy(() -> syntax.check(new URL("http://bad host:8080/path#ok")))
        .as("another authority").isInstanceOf(URISyntaxException.class);
    assertThatCode(() -> syntax.check(new URL("https://127.0.0.1:8080/path#ok")))
        .as("another scheme, valid").doesNotThrowAnyException();
  }
}
