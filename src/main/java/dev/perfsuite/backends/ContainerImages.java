package dev.perfsuite.backends;

import com.github.dockerjava.api.exception.NotFoundException;
import java.util.concurrent.TimeUnit;
import org.testcontainers.DockerClientFactory;

/**
 * Makes sure an image is on the Docker engine before a container is created, so a missing image
 * fails in seconds with the key to change instead of after Testcontainers' long pull retries.
 */
public final class ContainerImages {
  private static final long PULL_SECONDS = 120;

  private ContainerImages() {
  }

  /**
   * Returns when {@code image} is present locally or could be pulled.
   *
   * @param key the configuration key naming the image, for the error message
   * @throws BackendException naming the image, the key and the fix
   */
  public static void requireAvailable(String image, String key) {
    var client = DockerClientFactory.instance().client();
    try {
      client.inspectImageCmd(image).exec();
      return;
    } catch (NotFoundException notLocal) {
      // Not here yet: a registry may have it.
    }
    try {
      boolean done = client.pullImageCmd(image).start()
          .awaitCompletion(PULL_SECONDS, TimeUnit.SECONDS);
      client.inspectImageCmd(image).exec();
      if (!done) {
        throw new IllegalStateException("pull did not finish within " + PULL_SECONDS + " s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BackendException("interrupted while pulling " + image, e);
    } catch (RuntimeException e) {
      throw new BackendException("image '" + image + "' (" + key + ") is not on this Docker engine "
          + "and could not be pulled: " + e.getMessage() + ". Fix: build the local stand-ins with "
          + ".ci/docker-setup.sh and export the variables it prints, or set " + key
          + " to an image this engine has (docker images)", e);
    }
  }
}
