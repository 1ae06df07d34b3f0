package dev.perfsuite.backends;

import com.github.dockerjava.api.exception.NotFoundException;
import java.util.concurrent.TimeUnit;
import org.testcontainers.DockerClientFactory;

/**
 * Makes sure an image is on the Docker engine before a container is created. A missing image then
 * fails in seconds with the key to change, not after Testcontainers' long pull retries.
 */
public final class ContainerImages {
  private static final long PULL_SECONDS = 120;

  private ContainerImages() {
  }

  /** True when {@code image} is on the Docker engine now (no pull). */
  public static boolean present(String image) {
    try {
      DockerClientFactory.instance().client().inspectImageCmd(image).exec();
      return true;
    } catch (NotFoundException notLocal) {
      return false;
    }
  }

  /**
   * {@code local} when the engine has it (a stand-in built on this machine), else
   * {@code official}, which Testcontainers pulls.
   */
  public static String localOr(String local, String official) {
    return present(local) ? local : official;
  }

  /**
   * Returns when {@code image} is present locally or could be pulled.
   *
   * @param key the configuration key naming the image, for the error message
   * @throws ImageUnavailableException naming the image, the key and the fix
   */
  public static void requireAvailable(String image, String key) {
    if (present(image)) {
      return;
    }
    var client = DockerClientFactory.instance().client();
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
      throw new ImageUnavailableException("image '" + image + "' (" + key + ") is not on this "
          + "Docker engine and could not be pulled: " + e.getMessage() + ". Fix: docker pull "
          + image + " where a registry answers, set " + key + " to an image this engine has "
          + "(docker images), or use -Dperf.backends=embedded", e);
    }
  }
}
