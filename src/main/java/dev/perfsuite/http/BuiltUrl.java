package dev.perfsuite.http;

import java.net.MalformedURLException;
import java.net.URL;
import java.util.Arrays;
import java.util.Objects;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.FunctionProperty;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.PropertyIterator;

/**
 * A sampler's URL, built again only when a value it is built from has changed.
 *
 * <p>JMeter's {@code getUrl()} concatenates and parses it on every sample, though a plan's URL is
 * as a rule the same on every iteration.
 *
 * <p>The values compared are every one {@code HTTPSamplerBase.getUrl()} reads: path, domain,
 * protocol, method, port, content encoding, and each property of each argument (a query string's
 * parameters), read through the same getters, so a variable or a function in any of them (their
 * values are fixed for one iteration) or a merged HTTP Request Defaults builds another URL the
 * sample it changes. A function in any of them is run once per sample, as by JMeter: such a
 * URL is built on every sample. One per user's sampler (JMeter clones samplers per user),
 * touched by its thread only.
 */
final class BuiltUrl {
  private static final int FIXED = 5;
  private static final String[] URL_PROPERTIES = {HTTPSamplerBase.PATH, HTTPSamplerBase.DOMAIN,
      HTTPSamplerBase.PROTOCOL, HTTPSamplerBase.METHOD, HTTPSamplerBase.PORT,
      HTTPSamplerBase.CONTENT_ENCODING};

  private String[] inputs = new String[FIXED];
  private String[] reading = new String[FIXED];
  private URL url;
  private int port;

  /** The URL {@code build} makes from {@code sampler}'s values; the last one if unchanged. */
  URL of(HTTPSamplerBase sampler, Builder build) throws MalformedURLException {
    if (holdsFunction(sampler)) {
      // JMeter runs a function each time its property is read (function.cache.per.iteration
      // is off by default): reading to compare and again to build would run ${__counter()}
      // twice per sample. Built once per sample, as JMeter does.
      url = null;
      return build.url();
    }
    int count = read(sampler);
    int portNow = sampler.getPort();
    if (url == null || portNow != port || count != inputs.length || !same(count)) {
      url = build.url();
      port = portNow;
      String[] last = inputs;
      inputs = Arrays.copyOf(reading, count);
      reading = last.length >= count ? last : new String[count];
    }
    return url;
  }

  /** Builds the URL: JMeter's own {@code getUrl()}. */
  @FunctionalInterface
  interface Builder {
    URL url() throws MalformedURLException;
  }

  private boolean same(int count) {
    for (int i = 0; i < count; i++) {
      // Mostly the very same String instances (unchanged properties): equals returns at once.
      if (!Objects.equals(reading[i], inputs[i])) {
        return false;
      }
    }
    return true;
  }

  /** Reads the values into {@link #reading}, growing it as needed; answers how many. */
  private int read(HTTPSamplerBase sampler) {
    put(0, sampler.getPath());
    put(1, sampler.getDomain());
    put(2, sampler.getProtocol());
    put(3, sampler.getMethod());
    put(4, sampler.getContentEncoding());
    int count = FIXED;
    Arguments arguments = sampler.getArguments();
    if (arguments == null) {
      return count;
    }
    PropertyIterator each = arguments.iterator();
    while (each.hasNext()) {
      JMeterProperty argument = each.next();
      put(count++, argument.getClass().getName());
      if (argument.getObjectValue() instanceof TestElement element) {
        put(count++, element.getClass().getName());
        PropertyIterator properties = element.propertyIterator();
        while (properties.hasNext()) {
          JMeterProperty property = properties.next();
          put(count++, property.getName());
          put(count++, property.getStringValue());
        }
      } else {
        put(count++, argument.getStringValue());
      }
    }
    return count;
  }

  /** Whether a value the URL is made of is a function, which each read runs again. */
  private static boolean holdsFunction(HTTPSamplerBase sampler) {
    for (String name : URL_PROPERTIES) {
      if (sampler.getProperty(name) instanceof FunctionProperty) {
        return true;
      }
    }
    Arguments arguments = sampler.getArguments();
    if (arguments == null) {
      return false;
    }
    PropertyIterator each = arguments.iterator();
    while (each.hasNext()) {
      JMeterProperty argument = each.next();
      if (argument instanceof FunctionProperty) {
        return true;
      }
      if (argument.getObjectValue() instanceof TestElement element) {
        PropertyIterator properties = element.propertyIterator();
        while (properties.hasNext()) {
          if (properties.next() instanceof FunctionProperty) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private void put(int index, String value) {
    if (index >= reading.length) {
      reading = Arrays.copyOf(reading, Math.max(index + 1, reading.length * 2));
    }
    reading[index] = value;
  }
}
