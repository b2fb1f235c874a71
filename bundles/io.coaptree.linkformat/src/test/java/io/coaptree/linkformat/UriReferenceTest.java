package io.coaptree.linkformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UriReferenceTest {

    /** The normal and abnormal examples of RFC 3986 section 5.4, base http://a/b/c/d;p?q. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "g:h           | g:h",
            "g             | http://a/b/c/g",
            "./g           | http://a/b/c/g",
            "g/            | http://a/b/c/g/",
            "/g            | http://a/g",
            "//g           | http://g",
            "?y            | http://a/b/c/d;p?y",
            "g?y           | http://a/b/c/g?y",
            "#s            | http://a/b/c/d;p?q#s",
            "g#s           | http://a/b/c/g#s",
            "g?y#s         | http://a/b/c/g?y#s",
            ";x            | http://a/b/c/;x",
            "g;x           | http://a/b/c/g;x",
            "g;x?y#s       | http://a/b/c/g;x?y#s",
            "''            | http://a/b/c/d;p?q",
            ".             | http://a/b/c/",
            "./            | http://a/b/c/",
            "..            | http://a/b/",
            "../           | http://a/b/",
            "../g          | http://a/b/g",
            "../..         | http://a/",
            "../../        | http://a/",
            "../../g       | http://a/g",
            "../../../g    | http://a/g",
            "../../../../g | http://a/g",
            "/./g          | http://a/g",
            "/../g         | http://a/g",
            "g.            | http://a/b/c/g.",
            ".g            | http://a/b/c/.g",
            "g..           | http://a/b/c/g..",
            "..g           | http://a/b/c/..g",
            "./../g        | http://a/b/g",
            "./g/.         | http://a/b/c/g/",
            "g/./h         | http://a/b/c/g/h",
            "g/../h        | http://a/b/c/h",
            "g;x=1/./y     | http://a/b/c/g;x=1/y",
            "g;x=1/../y    | http://a/b/c/y",
            "g?y/./x       | http://a/b/c/g?y/./x",
            "g#s/../x      | http://a/b/c/g#s/../x",
            "http:g        | http:g",
    })
    void resolvesTheRfc3986Examples(String reference, String expected) {
        assertEquals(expected, UriReference.resolve("http://a/b/c/d;p?q", reference));
    }

    @Test
    void resolvesAgainstABaseWithoutAPath() {
        assertEquals("coap://[2001:db8::1]:5683/temp", UriReference.resolve("coap://[2001:db8::1]:5683", "/temp"));
        assertEquals("coap://h/temp", UriReference.resolve("coap://h", "temp"));
        assertEquals("coap://h", UriReference.resolve("coap://h", ""));
    }

    @Test
    void recognisesAbsoluteReferences() {
        assertTrue(UriReference.isAbsolute("coap://h/x"));
        assertTrue(UriReference.isAbsolute("tag:example.org,2020:x"));
        assertFalse(UriReference.isAbsolute("/x:y"));
        assertFalse(UriReference.isAbsolute("1a:b"));
        assertFalse(UriReference.isAbsolute(""));
    }
}
