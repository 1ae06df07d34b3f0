package dev.perfsuite.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.jmeter.timers.ConstantTimer;
import org.apache.jorphan.collections.HashTree;
import org.junit.jupiter.api.Test;

class UserTreeTest {

  @Test
  void shouldKeepChildrenInTheOrderTheyWereAdded() {
    UserTree tree = new UserTree();
    List<Object> keys = List.of("c", "a", "b");
    keys.forEach(tree::add);

    assertThat(tree.list()).as("children listed").containsExactlyElementsOf(keys);
    assertThat(tree.getArray()).as("children as an array").containsExactly("c", "a", "b");
  }

  @Test
  void shouldTellEqualElementsApartByIdentity() {
    // Two copies of an element are equal; a user's tree holds each as its own child.
    ConstantTimer first = UserPlanTest.timer("10");
    ConstantTimer second = UserPlanTest.timer("10");
    UserTree tree = new UserTree();
    tree.add(first).add("under first");
    tree.add(second);

    assertThat(first).as("the copies").isEqualTo(second);
    assertThat(tree.list()).as("children").hasSize(2);
    assertThat(tree.getTree(first).list()).as("first's children").containsExactly("under first");
    assertThat(tree.getTree(second).list()).as("second's children").isEmpty();
  }

  @Test
  void shouldRemoveAndReplaceAChildInItsPlace() {
    UserTree tree = new UserTree();
    tree.add("a");
    tree.add("b").add("under b");
    tree.add("c");

    tree.remove("a");
    tree.replaceKey("b", "B");

    assertThat(tree.list()).as("children after remove and replace").containsExactly("B", "c");
    assertThat(tree.getTree("B").list()).as("B keeps b's subtree").containsExactly("under b");
    assertThatThrownBy(() -> tree.replaceKey("x", "y")).as("replacing an absent key")
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void shouldTraverseDepthFirstInOrder() {
    UserTree tree = new UserTree();
    HashTree group = tree.add("group");
    group.add("sampler").add("assertion");
    group.add("timer");
    tree.set("listener", new UserTree());

    List<Object> seen = UserPlanTest.elementsOf(tree);

    assertThat(seen).as("nodes visited")
        .containsExactly("group", "sampler", "assertion", "timer", "listener");
    assertThat(tree.getTree("group")).as("subtrees are user trees").isInstanceOf(UserTree.class);
  }
}
