package dev.perfsuite.backends;

/**
 * A container's image is neither on the Docker engine nor pullable nor buildable here. Typically no
 * registry or no base image answers. Under {@code perf.backends=auto} the run falls back to the
 * embedded backends and says why; a forced {@code testcontainers} fails with this message.
 */
public final class ImageUnavailableException extends BackendException {
  private static final long serialVersionUID = 1L;

  public ImageUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
