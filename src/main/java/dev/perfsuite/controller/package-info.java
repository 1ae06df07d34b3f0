/**
 * The controller as a program of its own, running scenario classes outside Maven. It runs a
 * selection with JUnit's launcher (in a container, a Kubernetes Job), writes results to one folder,
 * and exits with the verdict.
 */
package dev.perfsuite.controller;
