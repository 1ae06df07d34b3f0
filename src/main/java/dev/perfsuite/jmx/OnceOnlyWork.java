package dev.perfsuite.jmx;

import dev.perfsuite.results.SampleRecorder;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.control.OnceOnlyController;
import org.apache.jmeter.processor.PostProcessor;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.SetupThreadGroup;
import org.apache.jorphan.collections.HashTree;

/**
 * Marks the samples of Once Only controllers as measured. A login done once per user at the start
 * would otherwise fall into a warm-up the user sets ({@code perf.warm-up}) and vanish from the
 * verdict. A post-processor in each controller leaves its sampler's result in
 * {@link SampleRecorder#ALWAYS_MEASURED}, which the recorder reads.
 *
 * <p>Trap: a Transaction Controller sample is not post-processed, so a transaction around
 * once-only work keeps the phase it ends in. Public with a no-argument constructor because JMeter
 * clones test elements reflectively.
 */
public final class OnceOnlyWork extends AbstractTestElement implements PostProcessor {
  private static final long serialVersionUID = 1L;

  /**
   * Adds a marker to every enabled Once Only controller of the plan's main thread groups. SetUp
   * groups are never warm-up anyway; returns one note per controller marked.
   */
  static List<String> mark(HashTree planTree) {
    List<String> notes = new ArrayList<>();
    for (Object key : planTree.list()) {
      if (key instanceof AbstractThreadGroup group && !(key instanceof SetupThreadGroup)
          && group.isEnabled()) {
        mark(planTree.getTree(key), notes);
      }
    }
    return notes;
  }

  private static void mark(HashTree tree, List<String> notes) {
    for (Object key : new ArrayList<>(tree.list())) {
      if (!(key instanceof TestElement element) || !element.isEnabled()) {
        continue;
      }
      HashTree subtree = tree.getTree(key);
      if (element instanceof OnceOnlyController) {
        subtree.add(marker());
        notes.add("Once Only controller '" + element.getName() + "': its samples count in the "
            + "measurement whatever perf.warm-up");
      }
      mark(subtree, notes);
    }
  }

  private static OnceOnlyWork marker() {
    OnceOnlyWork marker = new OnceOnlyWork();
    marker.setName("perf: once-only work is measured");
    marker.setProperty(TestElement.TEST_CLASS, OnceOnlyWork.class.getName());
    marker.setProperty(TestElement.GUI_CLASS, "org.apache.jmeter.testbeans.gui.TestBeanGUI");
    return marker;
  }

  @Override
  public void process() {
    JMeterContext context = JMeterContextService.getContext();
    if (context.getVariables() != null && context.getPreviousResult() != null) {
      context.getVariables().putObject(SampleRecorder.ALWAYS_MEASURED,
          context.getPreviousResult());
    }
  }
}
