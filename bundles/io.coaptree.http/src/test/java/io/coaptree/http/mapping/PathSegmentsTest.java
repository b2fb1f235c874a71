package io.coaptree.http.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class PathSegmentsTest {

    @Test
    void segmentsAreDecodedOneByOneSoAnEncodedSlashStaysInItsSegment() throws MappingException {
        assertEquals(List.of("tree", "B", "2", "gB2", "temperature"), PathSegments.path("/tree/B/2/gB2/temperature"));
        assertEquals(List.of("a/b", "c d", "é"), PathSegments.path("/a%2Fb//c%20d/%C3%A9/"));
        assertEquals(List.of(), PathSegments.path(null));
    }

    @Test
    void queryParametersAreUriQueryValues() throws MappingException {
        assertEquals(List.of("rt=temp", "scope=B/2", "a b"), PathSegments.query("rt=temp&scope=B%2F2&a+b"));
        assertEquals(List.of(), PathSegments.query(null));
    }

    @Test
    void aBadEscapeIsABadRequest() {
        assertEquals(400, assertThrows(MappingException.class, () -> PathSegments.path("/a%zz")).httpStatus());
        assertEquals(400, assertThrows(MappingException.class, () -> PathSegments.query("a=%4")).httpStatus());
    }

    @Test
    void encodingKeepsUnreservedCharacters() {
        assertEquals("a%20b", PathSegments.encode("a b"));
        assertEquals("x-y_z.~", PathSegments.encode("x-y_z.~"));
        assertEquals("%C3%A9%2F", PathSegments.encode("é/"));
    }
}
