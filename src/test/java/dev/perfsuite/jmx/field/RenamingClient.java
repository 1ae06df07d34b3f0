package dev.perfsuite.jmx.field;

import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.AbstractJavaSamplerClient;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;

/**
 * A Java Request client as teams write them: it names its samples after the operation it ran,
 * not after the element, so the plan's element name is never sampled.
 */
public final class RenamingClient extends AbstractJavaSamplerClient {
  @Override
  public Arguments getDefaultParameters() {
    Arguments arguments = new Arguments();
    arguments.addArgument("operation", "quote");
    return arguments;
  }

  @Override
  public SampleResult runTest(JavaSamplerContext context) {
    SampleResult result = new SampleResult();
    result.sampleStart();
    String operation = context.getParameter("operation", "quote");
    result.setSampleLabel("java " + operation);
    result.setResponseData(operation + " done", "UTF-8");
    result.setResponseCodeOK();
    result.setSuccessful(true);
    result.sampleEnd();
    return result;
  }
}
