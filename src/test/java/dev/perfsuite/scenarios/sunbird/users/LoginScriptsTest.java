package dev.perfsuite.scenarios.sunbird.users;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LoginScriptsTest {
  /** The form of Keycloak 26.7's login page (theme keycloak.v2), trimmed. */
  private static final String LOGIN_PAGE = "<html><body>\n"
      + "<form id=\"kc-locale-form\" action=\"#\" method=\"get\"></form>\n"
      + "<form id=\"kc-form-login\" class=\"pf-v5-c-form\" onsubmit=\"login.disabled = true; "
      + "return true;\" action=\"http://127.0.0.1:44065/realms/sunbird/login-actions/"
      + "authenticate?session_code=H6wr&amp;execution=ee14&amp;client_id=portal&amp;"
      + "tab_id=-Q4L&amp;client_data=eyJy\" method=\"post\" novalidate=\"novalidate\">\n"
      + "<input id=\"username\" name=\"username\"/></form></body></html>";

  @Test
  void shouldDecodeAmpersandsOfTheLoginFormAction() {
    assertThat(LoginScripts.formAction(LOGIN_PAGE)).as("action of kc-form-login")
        .isEqualTo("http://127.0.0.1:44065/realms/sunbird/login-actions/authenticate"
            + "?session_code=H6wr&execution=ee14&client_id=portal&tab_id=-Q4L&client_data=eyJy");
  }

  @Test
  void shouldFallBackToAFormPostingToAuthenticateWhenTheFormHasNoId() {
    String page = "<form action=\"/search\"></form><form method=\"post\" action=\"https://sso."
        + "example/auth/realms/sunbird/login-actions/authenticate?a=1&#38;b=2&#x26;c=3\">";
    assertThat(LoginScripts.formAction(page)).as("fallback form")
        .isEqualTo("https://sso.example/auth/realms/sunbird/login-actions/authenticate"
            + "?a=1&b=2&c=3");
  }

  @Test
  void shouldReturnNullWhenThePageHasNoLoginForm() {
    assertThat(LoginScripts.formAction("<html>We are sorry...</html>")).as("no form").isNull();
    assertThat(LoginScripts.formAction(null)).as("no body").isNull();
  }

  @Test
  void shouldDecodeNamedAndNumericEntitiesOnce() {
    assertThat(LoginScripts.decodeEntities("a&amp;amp;b &lt;&gt;&quot;&apos;&#61;&#x3D;"))
        .as("decoded once").isEqualTo("a&amp;b <>\"'==");
  }

  @Test
  void shouldScopeSessionCookiesToTheRealmPath() {
    assertThat(LoginScripts.realmPath("/realms/sunbird/login-actions/authenticate"))
        .isEqualTo("/realms/sunbird/");
    assertThat(LoginScripts.realmPath("/auth/realms/sunbird/login-actions/authenticate"))
        .isEqualTo("/auth/realms/sunbird/");
    assertThat(LoginScripts.realmPath("/elsewhere")).isEqualTo("/");
  }
}
