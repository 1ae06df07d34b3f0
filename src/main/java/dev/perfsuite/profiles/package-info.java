/**
 * Load shapes as values: a {@link dev.perfsuite.profiles.LoadProfile} is stages (ramp, hold),
 * think time, warm-up and, for the open model, a thread cap. {@link
 * dev.perfsuite.profiles.Profiles} names the starting points ({@code smoke}, {@code load}, {@code
 * stepped}, ...) that configuration overrides key by key, with the full-scale profiles systems
 * declare ({@link dev.perfsuite.profiles.NamedProfiles}), and {@link
 * dev.perfsuite.profiles.ThreadGroups} turns a profile into jmeter-java-dsl thread groups.
 */
package dev.perfsuite.profiles;
