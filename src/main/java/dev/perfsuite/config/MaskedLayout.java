package dev.perfsuite.config;

import java.io.Serializable;
import java.nio.charset.Charset;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.StringLayout;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginElement;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;
import org.apache.logging.log4j.core.impl.LocationAware;
import org.apache.logging.log4j.core.layout.AbstractStringLayout;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * A Log4j 2 layout, {@code <SecretMask>}, that masks every registered secret in what the layout
 * inside it writes.
 *
 * <p>The whole formatted line is masked ({@link Secrets#mask}): message, stack trace, thread
 * name, context data, whatever the inner pattern prints, in every spelling {@link Secrets#mask}
 * knows. Every appender of the suite's Log4j configurations wraps its layout in it: a
 * {@code SecretMask} element inside the appender's element, holding the {@code PatternLayout}.
 * Without an inner layout it masks Log4j's default pattern ({@code %m%n}). The inner layout must
 * write text (a string layout); a binary one is refused when the configuration loads.
 */
@Plugin(name = MaskedLayout.NAME, category = Node.CATEGORY, elementType = Layout.ELEMENT_TYPE,
    printObject = true)
public final class MaskedLayout extends AbstractStringLayout {
  /** The element's name in a Log4j configuration. */
  public static final String NAME = "SecretMask";

  private final StringLayout inner;

  private MaskedLayout(StringLayout inner) {
    super(inner.getCharset());
    this.inner = inner;
  }

  /**
   * The layout Log4j builds for {@code <SecretMask>}.
   *
   * @param layout the layout whose text is masked; Log4j's default pattern layout when absent
   * @return null, reported by Log4j's status logger, when {@code layout} does not write text
   */
  @PluginFactory
  public static MaskedLayout create(
      @PluginElement("Layout") Layout<? extends Serializable> layout) {
    if (layout == null) {
      return new MaskedLayout(PatternLayout.createDefaultLayout());
    }
    if (!(layout instanceof StringLayout text)) {
      StatusLogger.getLogger().error("<{}> cannot mask {}: it writes bytes, not text. Fix: put a "
          + "text layout such as <PatternLayout> inside <{}>",
          NAME, layout.getClass().getSimpleName(), NAME);
      return null;
    }
    return new MaskedLayout(text);
  }

  /** {@code layout} behind the mask, for configurations built in code. */
  public static MaskedLayout over(StringLayout layout) {
    return new MaskedLayout(layout);
  }

  @Override
  public String toSerializable(LogEvent event) {
    return Secrets.mask(inner.toSerializable(event));
  }

  @Override
  public byte[] toByteArray(LogEvent event) {
    return toSerializable(event).getBytes(getCharset());
  }

  @Override
  public byte[] getHeader() {
    return masked(inner.getHeader());
  }

  @Override
  public byte[] getFooter() {
    return masked(inner.getFooter());
  }

  @Override
  public String getContentType() {
    return inner.getContentType();
  }

  @Override
  public boolean requiresLocation() {
    return inner instanceof LocationAware aware && aware.requiresLocation();
  }

  private byte[] masked(byte[] bytes) {
    if (bytes == null) {
      return null;
    }
    Charset charset = getCharset();
    return Secrets.mask(new String(bytes, charset)).getBytes(charset);
  }
}
