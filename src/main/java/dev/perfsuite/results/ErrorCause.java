package dev.perfsuite.results;

/** Why a sample failed, so that a verdict can name the cause and not just the count. */
public enum ErrorCause {
  /**
   * The connection could not be opened: refused, reset before a response, unknown host, no route.
   */
  CONNECT,
  /** The connect or response timeout expired. */
  TIMEOUT,
  /** The server answered with a 4xx or 5xx status. */
  HTTP_STATUS,
  /** The response arrived with a 2xx or 3xx status but an assertion rejected it. */
  ASSERTION,
  /**
   * The request still held a {@code ${...}} JMeter could not resolve: the target never saw a real
   * request. Causes are a function from a plugin that is not on the class path, or an unset
   * variable.
   */
  UNRESOLVED_EXPRESSION,
  /**
   * The client could not build or send the request (an invalid URL or argument:
   * URISyntaxException, IllegalArgumentException): nothing reached the target.
   */
  REQUEST_NOT_SENT,
  /** A JSR223 or BeanShell script failed to compile or threw (a missing class, a typo). */
  SCRIPT,
  /** Any other failure (I/O error mid-response, client-side exception). */
  OTHER
}
