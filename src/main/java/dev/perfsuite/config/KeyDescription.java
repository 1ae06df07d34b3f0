package dev.perfsuite.config;

import java.util.Optional;

/** What the lookup, validation and help need of a key, built-in or declared by a system. */
interface KeyDescription {

  /** The dotted key, e.g. {@code perf.profile}. */
  String key();

  /** The default, or empty when the profile (or the reader) decides. */
  Optional<String> defaultValue();

  /** What a valid value looks like, for error messages. */
  String accepted();

  /** One line on what the key does. */
  String description();
}
