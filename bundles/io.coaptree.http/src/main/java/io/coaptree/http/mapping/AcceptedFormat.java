package io.coaptree.http.mapping;

import java.util.Locale;
import java.util.OptionalInt;

import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.jetty.http.QuotedQualityCSV;

/**
 * The HTTP Accept header as the one CoAP Accept option a request may carry (RFC 8075 section 6.3): the most preferred
 * media type that has a Content-Format. Jetty's {@link QuotedQualityCSV} (Kura's Jetty 9.4) parses the header and
 * orders it by quality.
 */
public final class AcceptedFormat {

    /** The media type of server-sent events: an Observe relation instead of one answer. */
    public static final String EVENT_STREAM = "text/event-stream";

    private AcceptedFormat() {
    }

    /**
     * @param accept the Accept header, or {@code null}
     * @return the Content-Format to ask for; empty when the client takes anything (absent, wildcards only)
     * @throws MappingException 406 when the client names types and CoAP has a Content-Format for none of them
     */
    public static OptionalInt of(String accept) throws MappingException {
        if (accept == null || accept.isBlank()) {
            return OptionalInt.empty();
        }
        QuotedQualityCSV values = new QuotedQualityCSV();
        values.addValue(accept);
        boolean wildcard = false;
        for (String value : values.getValues()) {
            String type = value.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
            if (type.endsWith("/*")) {
                wildcard = true;
                continue;
            }
            int format = MediaTypeRegistry.parse(type);
            if (format != MediaTypeRegistry.UNDEFINED) {
                return OptionalInt.of(format);
            }
        }
        if (wildcard || values.getValues().isEmpty()) {
            return OptionalInt.empty();
        }
        throw new MappingException(406, "no CoAP Content-Format for Accept: " + accept);
    }

    /** @return whether the client asks for server-sent events (an EventSource sends exactly this type) */
    public static boolean wantsEventStream(String accept) {
        if (accept == null) {
            return false;
        }
        QuotedQualityCSV values = new QuotedQualityCSV();
        values.addValue(accept);
        return !values.getValues().isEmpty()
                && values.getValues().get(0).split(";", 2)[0].trim().equalsIgnoreCase(EVENT_STREAM);
    }
}
