package dev.perfsuite.backends.stubs;

import com.github.tomakehurst.wiremock.common.ClasspathFileSource;
import com.github.tomakehurst.wiremock.common.Json;
import com.github.tomakehurst.wiremock.common.TextFile;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import com.github.tomakehurst.wiremock.stubbing.StubMappingCollection;
import dev.perfsuite.backends.BackendException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Finds the stub definitions: the classpath directory {@code wiremock} with {@code mappings/}
 * (in this project {@code src/test/resources/wiremock}).
 *
 * <p>Trap: the shaded {@code wiremock-standalone} jar has a {@code wiremock/} package of its own,
 * so a lookup of plain {@code "wiremock"} can land in the jar and serve no stubs at all. Every
 * lookup here goes through {@code wiremock/mappings}, which only this project has.
 */
public final class StubFiles {
  static final String ROOT = "wiremock";
  static final String MAPPINGS = ROOT + "/mappings";
  static final String FILES = ROOT + "/__files";

  private StubFiles() {
  }

  /**
   * The stub root as a directory on disk, or empty when the definitions are inside a jar.
   *
   * @throws BackendException when no {@code wiremock/mappings} is on the classpath
   */
  public static Optional<Path> directory() {
    URL mappings = resource(MAPPINGS).orElseThrow(StubFiles::missing);
    if (!"file".equals(mappings.getProtocol())) {
      return Optional.empty();
    }
    try {
      return Optional.of(Path.of(mappings.toURI()).getParent());
    } catch (URISyntaxException e) {
      throw new BackendException("API stubs: bad classpath URL " + mappings, e);
    }
  }

  /**
   * Every mapping of every {@code wiremock/mappings/**.json}, parsed as WireMock parses them.
   *
   * @throws BackendException when there are none or one does not parse
   */
  public static List<StubMapping> mappings() {
    resource(MAPPINGS).orElseThrow(StubFiles::missing);
    List<TextFile> files =
        new ArrayList<>(new ClasspathFileSource(MAPPINGS).listFilesRecursively());
    files.sort(Comparator.comparing(TextFile::getPath));
    List<StubMapping> mappings = new ArrayList<>();
    for (TextFile file : files) {
      if (!file.getPath().endsWith(".json")) {
        continue;
      }
      try {
        mappings.addAll(Json.read(file.readContentsAsString(), StubMappingCollection.class)
            .getMappingOrMappings());
      } catch (RuntimeException e) {
        throw new BackendException("API stubs: " + file.getPath() + " is not a WireMock mapping "
            + "file: " + e.getMessage(), e);
      }
    }
    if (mappings.isEmpty()) {
      throw missing();
    }
    return mappings;
  }

  /** True when the classpath has a {@code wiremock/__files} directory. */
  static boolean hasBodyFiles() {
    return resource(FILES).isPresent();
  }

  static Optional<URL> resource(String name) {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    URL url = loader == null ? null : loader.getResource(name);
    return Optional.ofNullable(url != null ? url
        : StubFiles.class.getClassLoader().getResource(name));
  }

  private static BackendException missing() {
    return new BackendException("API stubs: no mapping files in classpath directory " + MAPPINGS
        + ". Fix: run with the test classpath (Maven copies src/test/resources/wiremock to "
        + "target/test-classes)");
  }
}
