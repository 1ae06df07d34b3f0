package dev.perfsuite.backends;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The 4-call Keycloak browser login of Sunbird's login.jmx (docs/reference/seed-systems.md §A.5), followed by hand:
 * portal, login page, credentials POST, portal callback. No step follows redirects on its own.
 */
public final class BrowserLogin {
  private static final HttpClient HTTP = HttpClient.newBuilder()
      .followRedirects(HttpClient.Redirect.NEVER)
      .connectTimeout(Duration.ofSeconds(5))
      .build();
  private static final Pattern LOGIN_FORM =
      Pattern.compile("<form[^>]*id=\"kc-form-login\"[^>]*>", Pattern.DOTALL);
  private static final Pattern ACTION = Pattern.compile("action=\"([^\"]+)\"");

  /** What each of the four calls answered; later steps are null when an earlier one failed. */
  public record Steps(HttpResponse<String> portal, HttpResponse<String> loginPage,
      String loginAction, String cookies, HttpResponse<String> credentials,
      HttpResponse<String> callback) {

    public String portalLocation() {
      return portal.headers().firstValue("Location").orElse("");
    }

    public String credentialsLocation() {
      return credentials == null ? "" : credentials.headers().firstValue("Location").orElse("");
    }
  }

  private BrowserLogin() {
  }

  /** Logs {@code username} in, starting at the portal's {@code /resources}. */
  public static Steps run(URI portalResources, String username, String password) throws Exception {
    HttpResponse<String> portal = get(portalResources, null);
    String auth = portal.headers().firstValue("Location").orElse(null);
    if (portal.statusCode() != 302 || auth == null) {
      return new Steps(portal, null, null, null, null, null);
    }
    HttpResponse<String> page = get(URI.create(auth), null);
    Matcher form = LOGIN_FORM.matcher(page.body());
    if (page.statusCode() != 200 || !form.find()) {
      return new Steps(portal, page, null, null, null, null);
    }
    Matcher action = ACTION.matcher(form.group());
    String loginAction = action.find() ? action.group(1).replace("&amp;", "&") : null;
    // Keycloak 26.7 marks AUTH_SESSION_ID/KC_RESTART Secure even over http: a cookie manager
    // would not send them back, so they are copied by hand.
    String cookies = cookieHeader(page.headers().allValues("Set-Cookie"));
    if (loginAction == null) {
      return new Steps(portal, page, null, cookies, null, null);
    }
    HttpResponse<String> credentials = HTTP.send(HttpRequest.newBuilder(URI.create(loginAction))
        .timeout(Duration.ofSeconds(30))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .header("Cookie", cookies)
        .header("Referer", auth)
        .POST(HttpRequest.BodyPublishers.ofString("username=" + encode(username) + "&password="
            + encode(password) + "&credentialId="))
        .build(), HttpResponse.BodyHandlers.ofString());
    String callback = credentials.headers().firstValue("Location").orElse(null);
    if (credentials.statusCode() != 302 || callback == null) {
      return new Steps(portal, page, loginAction, cookies, credentials, null);
    }
    return new Steps(portal, page, loginAction, cookies, credentials,
        get(URI.create(callback), null));
  }

  private static HttpResponse<String> get(URI uri, String cookies) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30));
    if (cookies != null) {
      request.header("Cookie", cookies);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  /** {@code name=value; ...} of every cookie set and not being deleted. */
  private static String cookieHeader(List<String> setCookies) {
    return setCookies.stream()
        .map(header -> header.split(";", 2)[0].trim())
        .filter(pair -> pair.indexOf('=') > 0 && !pair.endsWith("="))
        .collect(Collectors.joining("; "));
  }

  /** The first 500 characters of a body, for assertion messages. */
  public static String abbreviate(String body) {
    return body == null || body.length() <= 500 ? body : body.substring(0, 500) + "...";
  }
}
