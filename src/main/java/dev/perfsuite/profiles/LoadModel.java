package dev.perfsuite.profiles;

/** How load is offered: by a fixed population of users, or by an arrival rate. */
public enum LoadModel {
  /** A fixed number of users loop through the plan; throughput follows response time. */
  CLOSED,
  /** Requests start at a target rate whatever the response time, up to a thread cap. */
  OPEN
}
