package dev.perfsuite.http;

import java.io.IOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.protocol.http.util.HTTPArgument;
import org.apache.jmeter.protocol.http.util.HTTPFileArg;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.testelement.property.JMeterProperty;

/**
 * A request's body, built from the sampler's arguments and files by HttpClient 4's rules in JMeter.
 *
 * <p>Multipart when the sampler asks ({@link MultipartBody}); else a file alone is the body,
 * nameless values are concatenated (raw body, {@code text/plain} by default), and named ones are
 * form-encoded ({@code UTF-8} unless the sampler names a content encoding).
 *
 * @param bytes what goes on the wire
 * @param contentType the type the entity announces when no Header Manager sets one, or null
 * @param shown what the sample result shows as the posted body (file content hidden, as JMeter)
 */
record RequestBody(byte[] bytes, String contentType, String shown) {
  private static final String FORM = "application/x-www-form-urlencoded";
  private static final String FILE_HIDDEN = "<actual file content, not shown here>";

  /** The body {@code sampler} sends. */
  static RequestBody of(HTTPSamplerBase sampler) throws IOException {
    String encoding = blankToNull(sampler.getContentEncoding());
    if (sampler.getUseMultipart()) {
      return MultipartBody.of(sampler, encoding);
    }
    HTTPFileArg[] files = sampler.getHTTPFiles();
    if (!sampler.hasArguments() && sampler.getSendFileAsPostBody()) {
      HTTPFileArg file = files[0];
      byte[] bytes = Files.readAllBytes(
          FileServer.getFileServer().getResolvedFile(file.getPath()).toPath());
      return new RequestBody(bytes, blankToNull(file.getMimeType()), FILE_HIDDEN);
    }
    if (sampler.getSendParameterValuesAsPostBody()) {
      StringBuilder body = new StringBuilder();
      for (JMeterProperty property : sampler.getArguments()) {
        HTTPArgument arg = (HTTPArgument) property.getObjectValue();
        body.append(encoding != null ? arg.getEncodedValue(encoding) : arg.getEncodedValue());
      }
      String text = body.toString();
      Charset charset = encoding != null ? Charset.forName(encoding)
          : StandardCharsets.ISO_8859_1;
      String mime = files.length > 0 && blankToNull(files[0].getMimeType()) != null
          ? files[0].getMimeType() : null;
      String type = mime != null ? mime
          : encoding != null ? "text/plain; charset=" + encoding : "text/plain";
      return new RequestBody(text.getBytes(charset), type, text);
    }
    Charset charset = Charset.forName(encoding != null ? encoding : "UTF-8");
    StringBuilder form = new StringBuilder();
    for (JMeterProperty property : sampler.getArguments()) {
      HTTPArgument arg = (HTTPArgument) property.getObjectValue();
      String name = arg.getName();
      if (arg.isSkippable(name)) {
        continue;
      }
      String value = arg.getValue();
      if (!arg.isAlwaysEncoded()) {
        // Already encoded by the user: decoded first so that encoding gives back their text.
        name = URLDecoder.decode(name, charset);
        value = URLDecoder.decode(value, charset);
      }
      if (form.length() > 0) {
        form.append('&');
      }
      form.append(URLEncoder.encode(name, charset)).append('=')
          .append(URLEncoder.encode(value, charset));
    }
    String text = form.toString();
    return new RequestBody(text.getBytes(StandardCharsets.US_ASCII),
        FORM + "; charset=" + charset.name(), text);
  }

  private static String blankToNull(String text) {
    return text == null || text.isBlank() ? null : text;
  }
}
