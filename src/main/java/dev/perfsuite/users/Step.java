package dev.perfsuite.users;

import java.util.ArrayList;
import java.util.List;

/**
 * One step of a user schedule: move to {@code users} over {@code rampMillis}, then hold for
 * {@code holdMillis}. Kept in milliseconds because it travels as a JMeter string property.
 */
record Step(int users, long rampMillis, long holdMillis) {

  Step {
    if (users < 0 || rampMillis < 0 || holdMillis < 0) {
      throw new IllegalArgumentException("a user step needs non-negative users and times: "
          + users + " users, ramp " + rampMillis + " ms, hold " + holdMillis + " ms");
    }
  }

  /** {@code users:ramp:hold,...}, the form stored in the thread group. */
  static String encode(List<Step> steps) {
    StringBuilder text = new StringBuilder();
    for (Step s : steps) {
      text.append(text.length() == 0 ? "" : ",").append(s.users).append(':')
          .append(s.rampMillis).append(':').append(s.holdMillis);
    }
    return text.toString();
  }

  static List<Step> decode(String text) {
    List<Step> steps = new ArrayList<>();
    for (String part : text.split(",")) {
      if (part.isBlank()) {
        continue;
      }
      String[] cells = part.trim().split(":");
      if (cells.length != 3) {
        throw new IllegalArgumentException("a user step is users:rampMillis:holdMillis, not '"
            + part + "'");
      }
      steps.add(new Step(Integer.parseInt(cells[0]), Long.parseLong(cells[1]),
          Long.parseLong(cells[2])));
    }
    return steps;
  }
}
