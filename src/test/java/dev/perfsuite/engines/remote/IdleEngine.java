package dev.perfsuite.engines.remote;

import java.util.Properties;
import org.apache.jmeter.engine.JMeterEngine;
import org.apache.jorphan.collections.HashTree;

/** A client engine stand-in that does nothing but what a test overrides (its test's start). */
abstract class IdleEngine implements JMeterEngine {
  @Override
  public void configure(HashTree testPlan) {
  }

  @Override
  public void stopTest(boolean now) {
  }

  @Override
  public void reset() {
  }

  @Override
  public void setProperties(Properties p) {
  }

  @Override
  public void exit() {
  }

  @Override
  public boolean isActive() {
    return false;
  }
}
