package dev.perfsuite.http;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.http.HttpEntity;
import org.apache.http.entity.ContentType;
import org.apache.http.entity.mime.FormBodyPartBuilder;
import org.apache.http.entity.mime.HttpMultipartMode;
import org.apache.http.entity.mime.MultipartEntityBuilder;
import org.apache.http.entity.mime.content.FileBody;
import org.apache.http.entity.mime.content.StringBody;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.protocol.http.util.ConversionUtils;
import org.apache.jmeter.protocol.http.util.HTTPArgument;
import org.apache.jmeter.protocol.http.util.HTTPFileArg;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.testelement.property.JMeterProperty;

/**
 * A multipart/form-data body built with httpmime, the library HttpClient 4 uses in JMeter, as
 * JMeter 5.6.3 builds it.
 *
 * <p>The charset is on the whole body (the content encoding, UTF-8 by default), in RFC 6532 or
 * browser-compatible mode; a part's own content type is kept when it names parameters; file
 * names are encoded as JMeter does. The boundary is random on both clients.
 */
final class MultipartBody {
  private static final byte[] FILE_HIDDEN =
      "<actual file content, not shown here>".getBytes(StandardCharsets.US_ASCII);

  private MultipartBody() {
  }

  /**
   * The body; its content type (with the boundary) replaces any a Header Manager set, as with
   * HttpClient 4.
   */
  static RequestBody of(HTTPSamplerBase sampler, String encoding) throws IOException {
    Charset charset = Charset.forName(encoding != null ? encoding : "UTF-8");
    MultipartEntityBuilder builder = MultipartEntityBuilder.create().setCharset(charset);
    if (sampler.getDoBrowserCompatibleMultipart()) {
      builder.setLaxMode();
    } else {
      builder.setMode(HttpMultipartMode.RFC6532);
    }
    for (JMeterProperty property : sampler.getArguments()) {
      HTTPArgument arg = (HTTPArgument) property.getObjectValue();
      if (arg.isSkippable(arg.getName())) {
        continue;
      }
      String type = arg.getContentType();
      builder.addPart(FormBodyPartBuilder.create(arg.getName(), new StringBody(arg.getValue(),
          type.indexOf(';') >= 0 ? ContentType.parse(type) : ContentType.create(type, charset)))
          .build());
    }
    List<HideableFileBody> files = new ArrayList<>();
    for (HTTPFileArg file : sampler.getHTTPFiles()) {
      File resolved = FileServer.getFileServer().getResolvedFile(file.getPath());
      HideableFileBody body = new HideableFileBody(resolved, ContentType.parse(file.getMimeType()),
          ConversionUtils.percentEncode(
              ConversionUtils.encodeWithEntities(resolved.getName(), charset)));
      files.add(body);
      builder.addPart(file.getParamName(), body);
    }
    HttpEntity entity = builder.build();
    ByteArrayOutputStream sent = new ByteArrayOutputStream();
    entity.writeTo(sent);
    files.forEach(f -> f.hidden = true);
    ByteArrayOutputStream shown = new ByteArrayOutputStream();
    entity.writeTo(shown);
    return new RequestBody(sent.toByteArray(), entity.getContentType().getValue(),
        shown.toString(charset));
  }

  /** A file part that can write a placeholder instead of the file, for the result's view. */
  private static final class HideableFileBody extends FileBody {
    private boolean hidden;

    HideableFileBody(File file, ContentType type, String fileName) {
      super(file, type, fileName);
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
      if (hidden) {
        out.write(FILE_HIDDEN);
      } else {
        super.writeTo(out);
      }
    }
  }
}
