package dev.perfsuite.users;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import org.apache.jorphan.collections.HashTree;

/**
 * One user's copy of the plan's tree, ordered as JMeter's, with each node sized for its children.
 *
 * <p>A {@code ListedHashTree} node always holds a 32-entry {@code IdentityHashMap} (a 64-slot
 * table, 272 bytes) and an {@code ArrayList}; most nodes of a plan are leaves or have one or two
 * children, and every user holds a copy of every node. A node here holds a map sized for its
 * children (8 slots for up to 2) and its keys in an exact array: about 130 bytes instead of 420.
 * Order is kept as {@code ListedHashTree} keeps it (insertion order, listed and traversed in it),
 * and the tree stays mutable in the same way, so JMeter code that adds to a thread's tree still
 * works; it is not a {@code ListedHashTree}, which only {@code JMeterThread.getTestTree()} (used
 * by JMeter's GUI, never during a run) casts to. Trap: {@code clone()} is {@code HashTree}'s,
 * which loses the order; nothing clones a user's tree (JMeter clones the plan's).
 */
final class UserTree extends HashTree {
  private static final long serialVersionUID = 1L;
  private static final Object[] NONE = {};

  /** Keys in insertion order; exact length (copied on add: trees are built once, then read). */
  private Object[] order;

  UserTree() {
    this(0);
  }

  /** A node for {@code children} keys. */
  UserTree(int children) {
    super(new IdentityHashMap<>(Math.max(1, children)));
    order = NONE;
  }

  /** Adds {@code key} with its already built {@code subtree} (the cloner's path). */
  void append(Object key, HashTree subtree) {
    if (data.put(key, subtree) == null) {
      order = Arrays.copyOf(order, order.length + 1);
      order[order.length - 1] = key;
    }
  }

  @Override
  public HashTree add(Object key) {
    HashTree existing = data.get(key);
    if (existing != null) {
      return existing;
    }
    UserTree subtree = new UserTree();
    append(key, subtree);
    return subtree;
  }

  @Override
  public void set(Object key, Object value) {
    remember(key);
    super.set(key, value);
  }

  @Override
  public void set(Object key, HashTree t) {
    remember(key);
    super.set(key, t);
  }

  @Override
  public void set(Object key, Object[] values) {
    remember(key);
    super.set(key, values);
  }

  @Override
  public void set(Object key, Collection<?> values) {
    remember(key);
    super.set(key, values);
  }

  private void remember(Object key) {
    if (!data.containsKey(key)) {
      order = Arrays.copyOf(order, order.length + 1);
      order[order.length - 1] = key;
    }
  }

  @Override
  public void replaceKey(Object currentKey, Object newKey) {
    HashTree subtree = data.remove(currentKey);
    for (int i = 0; i < order.length; i++) {
      if (order[i] == currentKey) {
        order[i] = newKey;
        data.put(newKey, subtree);
        return;
      }
    }
    throw new IllegalArgumentException("not in this tree: " + currentKey);
  }

  @Override
  protected HashTree createNewTree() {
    return new UserTree();
  }

  @Override
  protected HashTree createNewTree(Object key) {
    UserTree tree = new UserTree(1);
    tree.append(key, new UserTree());
    return tree;
  }

  @Override
  protected HashTree createNewTree(Collection<?> values) {
    UserTree tree = new UserTree(values.size());
    for (Object value : values) {
      tree.append(value, new UserTree());
    }
    return tree;
  }

  @Override
  public Collection<Object> list() {
    Object[] keys = order;
    // A read-only view: JMeter only iterates it; adds go through add/set.
    return new AbstractList<>() {
      @Override
      public Object get(int index) {
        return keys[index];
      }

      @Override
      public int size() {
        return keys.length;
      }
    };
  }

  @Override
  public HashTree remove(Object key) {
    HashTree removed = data.remove(key);
    if (removed != null) {
      order = Arrays.stream(order).filter(k -> k != key).toArray();
    }
    return removed;
  }

  @Override
  public Object[] getArray() {
    return order.clone();
  }

  @Override
  public void clear() {
    super.clear();
    order = NONE;
  }

  @Override
  public int hashCode() {
    int hash = super.hashCode();
    for (Object key : order) {
      hash = hash * 37 + System.identityHashCode(key);
    }
    return hash;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof UserTree other && super.equals(other)
        && Arrays.equals(order, other.order, (a, b) -> a == b ? 0 : 1);
  }

  /** The keys in order, for tests. */
  List<Object> keys() {
    return List.of(order);
  }
}
