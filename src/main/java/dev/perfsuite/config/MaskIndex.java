package dev.perfsuite.config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Strings to find in texts, at a cost per text character that does not grow with how many are
 * held. Each is at least {@value #WINDOW} characters long.
 *
 * <p>Each string is filed under its first or its last {@value #WINDOW} characters, whichever bucket
 * holds fewer, so strings sharing a head (JWTs all start {@code eyJhbGci}) spread by their tails.
 * A scan slides a {@value #WINDOW}-character window over the text; a bit filter rules out almost
 * every position before any bucket is read. Adding or removing a string touches its bucket only.
 *
 * <p>Thread-safe: writers hold the instance's lock, readers take none. <b>Trap:</b> strings that
 * share both head and tail fall into one bucket, which a scan reads whole where either occurs.
 */
final class MaskIndex {
  /** Characters a bucket key covers; no secret shorter than this is kept ({@link Secrets}). */
  static final int WINDOW = 4;
  /** Filter bits per string held, at least: two bits each, so about 0.4 % false hits. */
  private static final int BITS_PER_STRING = 32;
  private static final int FEWEST_BITS = 1 << 16;
  private static final long HEAD = 0x9E3779B97F4A7C15L;
  private static final long TAIL = 0xC2B2AE3D27D4EB4FL;

  private final Map<Long, String[]> heads = new ConcurrentHashMap<>();
  private final Map<Long, String[]> tails = new ConcurrentHashMap<>();
  private static final String[] NONE = new String[0];

  /** Each string held, and whether it is filed by its head (else by its tail). */
  private final Map<String, Boolean> filed = new ConcurrentHashMap<>();
  private volatile AtomicLongArray filter = new AtomicLongArray(FEWEST_BITS / 64);

  /** Number of strings held. */
  int size() {
    return filed.size();
  }

  /** Adds {@code text} (at least {@value #WINDOW} characters); nothing when it is held. */
  synchronized void add(String text) {
    if (text.length() < WINDOW || filed.containsKey(text)) {
      return;
    }
    long head = key(text, 0);
    long tail = key(text, text.length() - WINDOW);
    boolean byHead = bucket(heads, head).length <= bucket(tails, tail).length;
    Map<Long, String[]> side = byHead ? heads : tails;
    long k = byHead ? head : tail;
    String[] old = bucket(side, k);
    // Longest first, so that the first match at a position is the widest.
    int at = 0;
    while (at < old.length && old[at].length() >= text.length()) {
      at++;
    }
    String[] grown = new String[old.length + 1];
    System.arraycopy(old, 0, grown, 0, at);
    grown[at] = text;
    System.arraycopy(old, at, grown, at + 1, old.length - at);
    side.put(k, grown);
    filed.put(text, byHead);
    if ((long) filed.size() * BITS_PER_STRING > filter.length() * 64L) {
      refilter();
    } else {
      set(filter, salted(text, byHead));
    }
  }

  /** Removes {@code text}; call {@link #refilter()} after a batch of removals. */
  synchronized void remove(String text) {
    Boolean byHead = filed.remove(text);
    if (byHead == null) {
      return;
    }
    Map<Long, String[]> side = byHead ? heads : tails;
    long k = byHead ? key(text, 0) : key(text, text.length() - WINDOW);
    String[] left = Arrays.stream(bucket(side, k)).filter(s -> !s.equals(text))
        .toArray(String[]::new);
    if (left.length == 0) {
      side.remove(k);
    } else {
      side.put(k, left);
    }
  }

  /**
   * Rebuilds the bit filter from the strings held, clearing the bits of removed ones. It is sized
   * to their number, doubling as they grow, so its cost per string stays constant.
   */
  synchronized void refilter() {
    int bits = FEWEST_BITS;
    while (bits < (long) filed.size() * BITS_PER_STRING && bits < 1 << 30) {
      bits <<= 1;
    }
    AtomicLongArray fresh = new AtomicLongArray(bits / 64);
    filed.forEach((text, byHead) -> set(fresh, salted(text, byHead)));
    filter = fresh;
  }

  /** Whether {@code text} contains any string held. */
  boolean occursIn(String text) {
    return scan(text, null) > 0;
  }

  /** {@code text} with every stretch covered by a string held replaced by {@code ****}. */
  String mask(String text) {
    List<int[]> found = new ArrayList<>();
    if (scan(text, found) == 0) {
      return text;
    }
    // Overlapping or touching matches merge: no part of any match stays visible.
    found.sort((a, b) -> Integer.compare(a[0], b[0]));
    StringBuilder out = new StringBuilder(text.length());
    int copied = 0;
    int start = found.get(0)[0];
    int end = found.get(0)[1];
    for (int[] match : found) {
      if (match[0] > end) {
        out.append(text, copied, start).append("****");
        copied = end;
        start = match[0];
      }
      end = Math.max(end, match[1]);
    }
    out.append(text, copied, start).append("****").append(text, end, text.length());
    return out.toString();
  }

  /**
   * The bucket entries a scan of {@code text} compares, to show that the cost does not grow with
   * the number of strings held.
   */
  long candidates(String text) {
    long compared = 0;
    AtomicLongArray bits = filter;
    long window = 0;
    for (int i = 0; i < text.length(); i++) {
      window = window << 16 | text.charAt(i);
      if (i >= WINDOW - 1) {
        long key = spread(window);
        compared += candidatesAt(bits, key ^ HEAD, heads, key)
            + candidatesAt(bits, key ^ TAIL, tails, key);
      }
    }
    return compared;
  }

  private static int candidatesAt(AtomicLongArray bits, long salted, Map<Long, String[]> side,
      long window) {
    return isSet(bits, salted) ? bucket(side, window).length : 0;
  }

  /** Finds the strings held in {@code text}, into {@code found} ([start, end)) unless null. */
  private int scan(String text, List<int[]> found) {
    if (text == null || text.length() < WINDOW || filed.isEmpty()) {
      return 0;
    }
    AtomicLongArray bits = filter;
    int matches = 0;
    long window = 0;
    for (int i = 0; i < text.length(); i++) {
      window = window << 16 | text.charAt(i);
      if (i < WINDOW - 1) {
        continue;
      }
      int at = i - WINDOW + 1;
      long key = spread(window);
      if (isSet(bits, key ^ HEAD)) {
        for (String s : bucket(heads, key)) {
          if (text.startsWith(s, at)) {
            matches++;
            if (found == null) {
              return matches;
            }
            found.add(new int[] {at, at + s.length()});
            break;
          }
        }
      }
      if (isSet(bits, key ^ TAIL)) {
        for (String s : bucket(tails, key)) {
          int begin = i + 1 - s.length();
          if (begin >= 0 && text.startsWith(s, begin)) {
            matches++;
            if (found == null) {
              return matches;
            }
            found.add(new int[] {begin, i + 1});
            break;
          }
        }
      }
    }
    return matches;
  }

  private static String[] bucket(Map<Long, String[]> side, long key) {
    String[] strings = side.get(key);
    return strings == null ? NONE : strings;
  }

  /** The filter's key of {@code text}: its head or tail window, salted by the side. */
  private static long salted(String text, boolean byHead) {
    return byHead ? key(text, 0) ^ HEAD : key(text, text.length() - WINDOW) ^ TAIL;
  }

  /**
   * The {@value #WINDOW} UTF-16 units of {@code text} from {@code at}, packed in one long and
   * spread ({@link #spread}).
   */
  private static long key(String text, int at) {
    long key = 0;
    for (int i = at; i < at + WINDOW; i++) {
      key = key << 16 | text.charAt(i);
    }
    return spread(key);
  }

  /**
   * A one-to-one scramble of a packed window, so that {@link Long#hashCode()} spreads keys over
   * the maps' bins. Packed ASCII would fold to a few thousand hashes.
   */
  private static long spread(long packed) {
    long h = (packed ^ packed >>> 33) * 0xFF51AFD7ED558CCDL;
    h = (h ^ h >>> 33) * 0xC4CEB9FE1A85EC53L;
    return h ^ h >>> 33;
  }

  /** Two bit positions of {@code salted}, one per half of its mixed hash. */
  private static long mixed(long salted) {
    long h = salted * 0xFF51AFD7ED558CCDL;
    h ^= h >>> 33;
    h *= 0xC4CEB9FE1A85EC53L;
    return h ^ h >>> 29;
  }

  private static void set(AtomicLongArray bits, long salted) {
    long h = mixed(salted);
    int mask = bits.length() * 64 - 1;
    int first = (int) h & mask;
    int second = (int) (h >>> 32) & mask;
    bits.getAndAccumulate(first >>> 6, 1L << (first & 63), (a, b) -> a | b);
    bits.getAndAccumulate(second >>> 6, 1L << (second & 63), (a, b) -> a | b);
  }

  private static boolean isSet(AtomicLongArray bits, long salted) {
    long h = mixed(salted);
    int mask = bits.length() * 64 - 1;
    int first = (int) h & mask;
    int second = (int) (h >>> 32) & mask;
    return (bits.get(first >>> 6) & 1L << (first & 63)) != 0
        && (bits.get(second >>> 6) & 1L << (second & 63)) != 0;
  }
}
