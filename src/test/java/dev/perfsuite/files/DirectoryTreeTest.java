package dev.perfsuite.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryTreeTest {
  @TempDir
  Path dir;

  @Test
  void shouldDeleteATreeDeepestFirst() throws Exception {
    Path tree = dir.resolve("run");
    Files.createDirectories(tree.resolve("a/b/c"));
    Files.writeString(tree.resolve("a/b/c/results.jtl"), "timeStamp\n");
    Files.writeString(tree.resolve("summary.csv"), "label\n");

    DirectoryTree.delete(tree);

    assertThat(tree).as("the tree and everything in it").doesNotExist();
    assertThat(dir).as("its parent stays").isDirectory();
  }

  @Test
  void shouldTreatAMissingTreeAsNothingToDo() {
    assertThatCode(() -> DirectoryTree.delete(dir.resolve("never-written")))
        .as("strict delete of a missing path").doesNotThrowAnyException();
    assertThatCode(() -> DirectoryTree.deleteQuietly(null, "scratch files"))
        .as("quiet delete of no path").doesNotThrowAnyException();
  }

  @Test
  void shouldDeleteQuietlyWhatItCan() throws Exception {
    Path scratch = dir.resolve("scratch");
    Files.createDirectories(scratch.resolve("slices"));
    Files.writeString(scratch.resolve("slices/slice-0-users.csv"), "name\n");

    DirectoryTree.deleteQuietly(scratch, "data slices");

    assertThat(scratch).as("scratch directory").doesNotExist();
  }
}
