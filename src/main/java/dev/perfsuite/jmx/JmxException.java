package dev.perfsuite.jmx;

/**
 * A JMX plan the suite cannot run as it is, thrown before any load. The message names the file, the
 * element or line at fault and the fix.
 */
public final class JmxException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  JmxException(String message) {
    super(message);
  }

  JmxException(String message, Throwable cause) {
    super(message, cause);
  }
}
