package dev.perfsuite.config;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The spellings one secret takes in the suite's outputs. They are: raw, URL-encoded (space as
 * {@code +} and as {@code %20}, hex upper and lower case), JSON-, CSV- and HTML/XML-escaped, and
 * Base64. A JSON body quoted inside another JSON string (escaped twice) is matched too.
 *
 * <p>Base64 is also matched where the secret is only part of what was encoded, as in
 * {@code Authorization: Basic base64(id:secret)}: {@link #maskBase64} decodes every Base64-looking
 * token and masks the whole token when the decoded text holds a secret, since the encoding of the
 * secret's bytes there depends on what precedes them.
 */
final class SecretForms {
  /** Runs of Base64 (standard or URL-safe) characters, padding included. */
  private static final Pattern BASE64_TOKEN = Pattern.compile("[A-Za-z0-9+/_-]+={0,2}");
  private static final Pattern PERCENT_HEX = Pattern.compile("%[0-9A-F]{2}");
  /** Characters that URL, JSON, CSV and HTML escaping all leave as they are. */
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9._-]*");

  private SecretForms() {
  }

  /** Every spelling of {@code secret} to replace, the raw value first. */
  static Set<String> of(String secret) {
    Set<String> forms = new LinkedHashSet<>();
    forms.add(secret);
    if (PLAIN.matcher(secret).matches()) {
      // No character any escaping changes: only Base64 spells it otherwise (most tokens).
      byte[] bytes = secret.getBytes(StandardCharsets.UTF_8);
      forms.add(Base64.getEncoder().encodeToString(bytes));
      forms.add(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
      return forms;
    }
    String plus = URLEncoder.encode(secret, StandardCharsets.UTF_8);
    String percent = plus.replace("+", "%20");
    // RFC 3986 encoders (browsers, Netty) also encode '*' and leave '~' alone.
    String rfc3986 = percent.replace("*", "%2A").replace("%7E", "~");
    for (String encoded : new String[] {plus, percent, rfc3986}) {
      forms.add(encoded);
      forms.add(lowerHex(encoded));
    }
    String json = json(secret, false);
    forms.add(json);
    forms.add(json.replace("/", "\\/"));
    forms.add(json(secret, true));
    // A JSON body quoted inside another JSON string, as error messages and echoes carry it.
    forms.add(json(json, false));
    forms.add(secret.replace("\"", "\"\""));
    String html = secret.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    forms.add(html.replace("\"", "&quot;").replace("'", "&#39;"));
    forms.add(html.replace("\"", "&quot;").replace("'", "&apos;"));
    forms.add(html.replace("\"", "&#34;").replace("'", "&#x27;"));
    forms.add(html);
    byte[] bytes = secret.getBytes(StandardCharsets.UTF_8);
    forms.add(Base64.getEncoder().encodeToString(bytes));
    forms.add(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    forms.remove("");
    return forms;
  }

  /**
   * Replaces each Base64 token of {@code text} whose decoded bytes hold a secret, as
   * {@code contains} tells, with {@code ****}.
   *
   * @param shortest tokens shorter than this many characters are not decoded (no secret fits)
   */
  static String maskBase64(String text, int shortest, Predicate<String> contains) {
    Matcher token = BASE64_TOKEN.matcher(text);
    StringBuilder out = null;
    int copied = 0;
    while (token.find()) {
      if (token.end() - token.start() < shortest) {
        continue;
      }
      String candidate = token.group();
      if (!decodesToSecret(candidate, contains)) {
        continue;
      }
      if (out == null) {
        out = new StringBuilder(text.length());
      }
      out.append(text, copied, token.start()).append("****");
      copied = token.end();
    }
    return out == null ? text : out.append(text, copied, text.length()).toString();
  }

  private static boolean decodesToSecret(String token, Predicate<String> contains) {
    if (decoded(token, contains)) {
      return true;
    }
    // A path or a standard token beside others: try its '/'-separated parts too.
    if (token.indexOf('/') >= 0) {
      for (String part : token.split("/")) {
        if (decoded(part, contains)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean decoded(String token, Predicate<String> contains) {
    String bare = token.replace('-', '+').replace('_', '/').replace("=", "");
    if (bare.length() % 4 == 1) {
      return false;
    }
    try {
      String text = new String(Base64.getDecoder().decode(bare), StandardCharsets.UTF_8);
      return contains.test(text);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static String lowerHex(String encoded) {
    return PERCENT_HEX.matcher(encoded)
        .replaceAll(m -> m.group().toLowerCase(Locale.ROOT));
  }

  /**
   * The secret as a JSON string's content; {@code htmlSafe} also escapes {@code < > & = '} as
   * Gson does by default.
   */
  private static String json(String secret, boolean htmlSafe) {
    StringBuilder out = new StringBuilder(secret.length() + 8);
    for (int i = 0; i < secret.length(); i++) {
      char c = secret.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || htmlSafe && "<>&='".indexOf(c) >= 0) {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }
}
