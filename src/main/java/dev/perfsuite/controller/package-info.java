/**
 * The controller as a program of its own: runs a selection of scenario classes with JUnit's
 * launcher outside Maven (a container, a Kubernetes Job), results in one folder, exit code the
 * verdict.
 */
package dev.perfsuite.controller;
