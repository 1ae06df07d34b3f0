package dev.perfsuite.jmx;

import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.util.JMeterUtils;
import us.abstracta.jmeter.javadsl.core.engines.JmeterEnvironment;

/**
 * Plain JMeter 5.6.3 in a JVM of its own, as {@code jmeter -n ARGS} runs: JMeter's own start
 * (base directory, Module Controllers, engine), no suite class in between.
 *
 * <p>The JMeter home is the one jmeter-java-dsl unpacks (JMeter's own property files);
 * {@link JmeterOracleIT} starts this class in a child JVM per plan, because JMeter keeps
 * JVM-wide state.
 */
final class JmeterCommandLine {
  private JmeterCommandLine() {
  }

  /** Runs {@code jmeter -n} with {@code args} ({@code -t plan.jmx -l results.jtl -Jname=v}). */
  public static void main(String[] args) throws Exception {
    new JmeterEnvironment();
    String home = JMeterUtils.getJMeterHome();
    // JMeter reads bin/jmeter.properties under its home, found through this property.
    System.setProperty("jmeter.home", home);
    List<String> all = new ArrayList<>(List.of("-n", "-d", home));
    all.addAll(List.of(args));
    new JMeter().start(all.toArray(String[]::new));
  }
}
