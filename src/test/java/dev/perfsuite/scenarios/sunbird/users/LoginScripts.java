package dev.perfsuite.scenarios.sunbird.users;

import java.net.URL;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.protocol.http.control.Cookie;
import org.apache.jmeter.protocol.http.control.CookieManager;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import us.abstracta.jmeter.javadsl.core.postprocessors.DslJsr223PostProcessor.PostProcessorScript;
import us.abstracta.jmeter.javadsl.core.postprocessors.DslJsr223PostProcessor.PostProcessorVars;
import us.abstracta.jmeter.javadsl.core.preprocessors.DslJsr223PreProcessor.PreProcessorScript;
import us.abstracta.jmeter.javadsl.core.preprocessors.DslJsr223PreProcessor.PreProcessorVars;

/**
 * Script elements of the Keycloak login workflow, as classes (never lambdas, which do not run on
 * remote JMeter engines); public so that JMeter can instantiate them by name.
 */
public final class LoginScripts {
  /** Variable holding the decoded login form action, the URL the credentials are posted to. */
  public static final String LOGIN_ACTION = "loginAction";
  /** Value of {@link #LOGIN_ACTION} when the page has no login form (login.jmx's convention). */
  public static final String NOT_FOUND = "loginAction_NotFound";
  /** Variable with the {@code AUTH_SESSION_ID} cookie of the login page. */
  public static final String AUTH_SESSION_ID = "authSessionId";
  /** Variable with the {@code KC_RESTART} cookie of the login page. */
  public static final String KC_RESTART = "kcRestart";
  /** Keycloak's session cookies and the variables the login page's extractors put them in. */
  static final Map<String, String> SESSION_COOKIES = Map.of("AUTH_SESSION_ID", AUTH_SESSION_ID,
      "KC_RESTART", KC_RESTART);
  /** Suffix of the extractors' default value: the cookie was not in the login page's headers. */
  static final String COOKIE_NOT_FOUND = "_NotFound";

  private static final Pattern FORM = Pattern.compile("<form\\b[^>]*>",
      Pattern.CASE_INSENSITIVE);
  private static final Pattern ACTION = Pattern.compile("\\baction\\s*=\\s*\"([^\"]*)\"",
      Pattern.CASE_INSENSITIVE);
  private static final Pattern ENTITY = Pattern.compile(
      "&(#[xX][0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);");

  private LoginScripts() {
  }

  /**
   * Post-processor of the login page: puts the login form's action, with its HTML entities
   * decoded ({@code &amp;} between the query parameters), into {@value #LOGIN_ACTION}.
   *
   * <p>login.jmx captured it with {@code action="https://loadtest.ntp.net.in(.*?)"}: a hard-coded
   * host and the raw {@code &amp;}, which Keycloak does not accept as a parameter separator.
   */
  public static class LoginFormAction implements PostProcessorScript {
    @Override
    public void runScript(PostProcessorVars s) {
      String action = formAction(s.prev.getResponseDataAsString());
      s.vars.put(LOGIN_ACTION, action != null ? action : NOT_FOUND);
    }
  }

  /**
   * Pre-processor of the credentials POST: hands the login page's {@code AUTH_SESSION_ID} and
   * {@code KC_RESTART} (extracted into {@value #AUTH_SESSION_ID} and {@value #KC_RESTART}) to the
   * cookie manager as plain, non-Secure cookies of Keycloak's host and realm path.
   *
   * <p>Keycloak 26.7 marks them {@code Secure} even over http, and JMeter's cookie manager does
   * not send Secure cookies over http (libraries.md §4). Sending {@code Cookie:
   * AUTH_SESSION_ID=...} from a header manager is not enough either: whenever the cookie manager
   * holds any cookie for the host, JMeter's HttpClient4 sampler replaces the request's
   * {@code Cookie} header with the manager's (HTTPHC4Impl.setConnectionCookie uses
   * {@code setHeader}), and here it always holds the portal's {@code connect.sid}: cookies ignore
   * ports, so the stub portal's cookie on 127.0.0.1 goes to Keycloak on 127.0.0.1 too, as the
   * real portal's does when portal and Keycloak share a host. Keycloak then answers 400
   * ({@code cookie_not_found}). Through the manager, one {@code Cookie} header carries all.
   */
  public static class KeycloakSessionCookies implements PreProcessorScript {
    @Override
    public void runScript(PreProcessorVars s) throws Exception {
      HTTPSamplerBase http = (HTTPSamplerBase) s.sampler;
      CookieManager manager = http.getCookieManager();
      if (manager == null) {
        return;
      }
      URL url = http.getUrl();
      String path = realmPath(url.getPath());
      for (Map.Entry<String, String> cookie : SESSION_COOKIES.entrySet()) {
        String value = s.vars.get(cookie.getValue());
        if (value != null && !value.isEmpty() && !value.endsWith(COOKIE_NOT_FOUND)) {
          manager.add(new Cookie(cookie.getKey(), value, url.getHost(), path, false, 0));
        }
      }
    }
  }

  /**
   * The path Keycloak scopes its session cookies to: the request path up to {@code login-actions},
   * e.g. {@code /realms/sunbird/} or {@code /auth/realms/sunbird/}; {@code /} when absent.
   */
  static String realmPath(String requestPath) {
    int actions = requestPath.indexOf("/login-actions/");
    return actions < 0 ? "/" : requestPath.substring(0, actions + 1);
  }

  /**
   * The decoded action of Keycloak's login form ({@code id="kc-form-login"}), else of the first
   * form posting to {@code login-actions/authenticate}; null when there is neither.
   */
  static String formAction(String html) {
    if (html == null) {
      return null;
    }
    String fallback = null;
    Matcher form = FORM.matcher(html);
    while (form.find()) {
      Matcher action = ACTION.matcher(form.group());
      if (!action.find()) {
        continue;
      }
      String url = decodeEntities(action.group(1));
      if (form.group().contains("id=\"kc-form-login\"")) {
        return url;
      }
      if (fallback == null && url.contains("/login-actions/authenticate")) {
        fallback = url;
      }
    }
    return fallback;
  }

  /** Decodes the character references an HTML attribute may hold: named XML ones and numeric. */
  static String decodeEntities(String text) {
    Matcher entity = ENTITY.matcher(text);
    StringBuilder decoded = new StringBuilder(text.length());
    while (entity.find()) {
      String name = entity.group(1);
      String replacement = switch (name) {
        case "amp" -> "&";
        case "lt" -> "<";
        case "gt" -> ">";
        case "quot" -> "\"";
        case "apos" -> "'";
        default -> new String(Character.toChars(name.charAt(1) == 'x' || name.charAt(1) == 'X'
            ? Integer.parseInt(name.substring(2), 16) : Integer.parseInt(name.substring(1))));
      };
      entity.appendReplacement(decoded, Matcher.quoteReplacement(replacement));
    }
    entity.appendTail(decoded);
    return decoded.toString();
  }
}
