package dev.perfsuite.backends;

/**
 * A backend could not be started; the message names the backend, the cause and the fix. Open for
 * {@link ImageUnavailableException} only, which {@code perf.backends=auto} answers by falling back.
 */
public class BackendException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public BackendException(String message) {
    super(message);
  }

  public BackendException(String message, Throwable cause) {
    super(message, cause);
  }
}
