package io.coaptree.http.mapping;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import org.eclipse.californium.core.coap.MediaTypeRegistry;

/**
 * Content-Format (CoAP) to and from Content-Type (HTTP), RFC 8075 section 6, through Californium's
 * {@link MediaTypeRegistry} (IANA's CoAP Content-Formats registry, kept by Californium). CoAP text is UTF-8 by
 * definition (RFC 7252 section 12.3), so the HTTP side names the charset on text types and refuses another one.
 */
public final class ContentFormats {

    /** The HTTP type of a payload whose Content-Format this gateway does not know (RFC 8075 section 6.2). */
    public static final String UNKNOWN = "application/octet-stream";

    private ContentFormats() {
    }

    /**
     * @param contentFormat a CoAP Content-Format number, or {@link MediaTypeRegistry#UNDEFINED} when absent
     * @return the HTTP Content-Type: the registered media type, {@code ;charset=utf-8} added to text types;
     *         {@value #UNKNOWN} for an absent or unknown format
     */
    public static String contentType(int contentFormat) {
        if (contentFormat == MediaTypeRegistry.UNDEFINED || !MediaTypeRegistry.isKnown(contentFormat)) {
            return UNKNOWN;
        }
        String mime = MediaTypeRegistry.toString(contentFormat);
        return isText(contentFormat) ? mime + ";charset=utf-8" : mime;
    }

    /** @return whether the format carries UTF-8 text a page may show as it is */
    public static boolean isText(int contentFormat) {
        return contentFormat != MediaTypeRegistry.UNDEFINED && MediaTypeRegistry.isKnown(contentFormat)
                && MediaTypeRegistry.isPrintable(contentFormat);
    }

    /**
     * @param mediaType the HTTP Content-Type without parameters, or {@code null} when the request has none
     * @param charset the charset parameter, or {@code null}
     * @return the CoAP Content-Format, {@link MediaTypeRegistry#UNDEFINED} when the request names none
     * @throws MappingException 415 for a type CoAP has no Content-Format for, or text in another charset than UTF-8
     */
    public static int contentFormat(String mediaType, String charset) throws MappingException {
        if (mediaType == null || mediaType.isBlank()) {
            return MediaTypeRegistry.UNDEFINED;
        }
        String type = mediaType.trim().toLowerCase(Locale.ROOT);
        int format = MediaTypeRegistry.parse(type);
        if (format == MediaTypeRegistry.UNDEFINED) {
            throw new MappingException(415, "Content-Type " + type + " has no CoAP Content-Format");
        }
        if (charset != null && !charset.isBlank() && !isUtf8(charset)) {
            throw new MappingException(415, "CoAP text is UTF-8, not " + charset);
        }
        return format;
    }

    private static boolean isUtf8(String charset) {
        try {
            return Charset.forName(charset.trim()).equals(StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
