package io.coaptree.http.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The common Content-Formats both ways, and what is refused. */
class ContentFormatsTest {

    @ParameterizedTest
    @CsvSource({ "0, text/plain;charset=utf-8", "40, application/link-format;charset=utf-8",
            "41, application/xml;charset=utf-8", "42, application/octet-stream", "47, application/exi",
            "50, application/json;charset=utf-8", "60, application/cbor",
            "110, application/senml+json;charset=utf-8", "112, application/senml+cbor" })
    void commonContentFormatsAsHttpContentTypes(int format, String contentType) {
        assertEquals(contentType, ContentFormats.contentType(format));
    }

    @ParameterizedTest
    @CsvSource({ "text/plain, 0", "TEXT/PLAIN, 0", "application/link-format, 40", "application/xml, 41",
            "application/octet-stream, 42", "application/json, 50", "application/cbor, 60",
            "application/senml+json, 110" })
    void commonContentTypesAsCoapContentFormats(String mediaType, int format) throws MappingException {
        assertEquals(format, ContentFormats.contentFormat(mediaType, null));
        assertEquals(format, ContentFormats.contentFormat(mediaType, "UTF-8"));
    }

    @Test
    void anAbsentOrUnknownFormatIsOctetStream() {
        assertEquals(ContentFormats.UNKNOWN, ContentFormats.contentType(MediaTypeRegistry.UNDEFINED));
        assertEquals(ContentFormats.UNKNOWN, ContentFormats.contentType(65000));
        assertFalse(ContentFormats.isText(65000));
        assertTrue(ContentFormats.isText(MediaTypeRegistry.APPLICATION_JSON));
    }

    @Test
    void noContentTypeIsNoContentFormat() throws MappingException {
        assertEquals(MediaTypeRegistry.UNDEFINED, ContentFormats.contentFormat(null, null));
        assertEquals(MediaTypeRegistry.UNDEFINED, ContentFormats.contentFormat(" ", null));
    }

    @Test
    void typesWithoutAFormatAndTextInAnotherCharsetAreUnsupportedMediaTypes() {
        assertEquals(415, assertThrows(MappingException.class,
                () -> ContentFormats.contentFormat("application/x-www-form-urlencoded", null)).httpStatus());
        assertEquals(415, assertThrows(MappingException.class,
                () -> ContentFormats.contentFormat("text/plain", "ISO-8859-1")).httpStatus());
        assertEquals(415, assertThrows(MappingException.class,
                () -> ContentFormats.contentFormat("text/plain", "no-such-charset")).httpStatus());
    }
}
