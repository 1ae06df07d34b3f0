package dev.perfsuite.backends;

/** A backend could not be started; the message names the backend, the cause and the fix. */
public final class BackendException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public BackendException(String message) {
    super(message);
  }

  public BackendException(String message, Throwable cause) {
    super(message, cause);
  }
}
