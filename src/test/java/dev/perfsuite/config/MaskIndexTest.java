package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The masks' index finds its strings at a cost per text that does not grow with their number. */
class MaskIndexTest {
  /** A row as a JTL holds it, no secret in it. */
  private static final String ROW = "1700000000000,12,GET /api/users/42,200,OK,users 1-7,text,"
      + "true,,1234,321,7,7,http://127.0.0.1:8080/api/users/42?page=3&size=20,11,0,2";
  /** Every JWT signed with HS256 starts with this header. */
  private static final String JWT_HEAD = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.";

  @Test
  void shouldCompareAsFewCandidatesWithTenThousandTokensSharingAHeadAsWithTen() {
    MaskIndex ten = index(10);
    MaskIndex many = index(10_000);
    String withHeadOnly = ROW + ",Bearer " + JWT_HEAD + "bm90LWEtdG9rZW4";

    assertThat(many.candidates(ROW)).as("candidates compared in a row without secrets, 10,000 "
        + "tokens held").isLessThanOrEqualTo(ten.candidates(ROW) + 4);
    assertThat(many.candidates(withHeadOnly)).as("candidates compared where only the shared "
        + "head occurs, 10,000 tokens held (filed by their tails)").isLessThanOrEqualTo(
            ten.candidates(withHeadOnly) + 4);
  }

  @Test
  void shouldMaskEveryHeldStringAndMergeOverlaps() {
    MaskIndex index = new MaskIndex();
    index.add("abcd");
    index.add("cdefgh");
    index.add(JWT_HEAD + "sig-one");
    index.add(JWT_HEAD + "sig-two");

    assertThat(index.mask("x abcdefgh y")).as("overlapping matches, one mask")
        .isEqualTo("x **** y");
    assertThat(index.mask("a=" + JWT_HEAD + "sig-two&b=" + JWT_HEAD + "sig-one"))
        .as("two tokens sharing a head").isEqualTo("a=****&b=****");
    assertThat(index.mask("a=" + JWT_HEAD + "sig-six")).as("the head alone")
        .isEqualTo("a=" + JWT_HEAD + "sig-six");
    assertThat(index.occursIn("zzabcdzz")).as("held string inside a text").isTrue();
  }

  @Test
  void shouldForgetARemovedString() {
    MaskIndex index = new MaskIndex();
    index.add("secret-1");
    index.add("secret-2");
    index.remove("secret-1");
    index.refilter();

    assertThat(index.mask("secret-1 secret-2")).as("after removing secret-1")
        .isEqualTo("secret-1 ****");
    assertThat(index.size()).as("strings held").isEqualTo(1);
  }

  private static MaskIndex index(int tokens) {
    MaskIndex index = new MaskIndex();
    Random random = new Random(tokens);
    for (int i = 0; i < tokens; i++) {
      byte[] signature = new byte[32];
      random.nextBytes(signature);
      index.add(JWT_HEAD + Base64.getUrlEncoder().withoutPadding().encodeToString(signature));
    }
    return index;
  }
}
