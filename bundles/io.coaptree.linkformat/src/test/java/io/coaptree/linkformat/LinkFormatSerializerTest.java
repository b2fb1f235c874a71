package io.coaptree.linkformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class LinkFormatSerializerTest {

    private final LinkFormatParser parser = LinkFormatParser.withDefaults();

    @Test
    void quotesEverythingButNumbersSoStrictClientsCanReadIt() {
        Link link = Link.builder("/rd").attribute("rt", "core.rd").attribute("ct", "40").flag("obs")
                .attribute("title", "").build();

        assertEquals("</rd>;rt=\"core.rd\";ct=40;obs;title=\"\"", LinkFormatSerializer.serialize(link));
    }

    @Test
    void escapesQuotesAndBackslashes() {
        Link link = Link.builder("/a").attribute("title", "say \"hi\" \\ now").build();

        assertEquals("</a>;title=\"say \\\"hi\\\" \\\\ now\"", LinkFormatSerializer.serialize(link));
    }

    @Test
    void separatesLinksWithCommasAndWritesNothingForNoLinks() {
        assertEquals("</a>,</b>", LinkFormatSerializer.serialize(List.of(Link.of("/a"), Link.of("/b"))));
        assertEquals("", LinkFormatSerializer.serialize(List.of()));
    }

    @Test
    void roundTripsAnRfcStyleDocumentExactly() throws Exception {
        String canonical = "</sensors>;ct=40;title=\"Sensor Index\","
                + "</sensors/temp>;rt=\"temperature-c\";if=\"sensor\","
                + "<http://www.example.com/sensors/t123>;anchor=\"/sensors/temp\";rel=\"describedby\","
                + "<coap://h/a,b;c>;title=\"x, y; \\\"z\\\"\";obs;rt=\"a b\";rt=\"c\"";

        List<Link> links = parser.parse(canonical);

        assertEquals(canonical, LinkFormatSerializer.serialize(links));
        assertEquals(links, parser.parse(LinkFormatSerializer.serialize(links)));
    }

    @Test
    void normalisesUnquotedValuesAndWhitespaceWithoutChangingMeaning() throws Exception {
        List<Link> links = parser.parse(" </rd> ; rt=core.rd , </x>;sz=12 ");

        assertEquals("</rd>;rt=\"core.rd\",</x>;sz=12", LinkFormatSerializer.serialize(links));
    }

    @Test
    void attributeOrderIsPartOfALinksIdentity() {
        Link ab = Link.builder("/a").attribute("rt", "x").attribute("if", "y").build();
        Link ba = Link.builder("/a").attribute("if", "y").attribute("rt", "x").build();

        assertNotEquals(ab, ba);
        assertEquals(ab.attributeMap(), ba.attributeMap());
    }

    @Test
    void refusesTargetsAndNamesThatCouldNotBeWritten() {
        assertThrows(IllegalArgumentException.class, () -> Link.of("/a>b"));
        assertThrows(IllegalArgumentException.class, () -> Link.of("/a b"));
        assertThrows(IllegalArgumentException.class, () -> LinkAttribute.of("r t", "x"));
        assertThrows(IllegalArgumentException.class, () -> LinkAttribute.flag(""));
    }

    @Test
    void copiesAndRetargetsLinks() {
        Link link = Link.builder("/a").attribute("rt", "x").build();

        assertEquals(Link.builder("/a").attribute("rt", "x").flag("obs").build(), link.toBuilder().flag("obs").build());
        assertEquals("coap://h/a", link.withTarget("coap://h/a").target());
        assertEquals(link.attributes(), link.withTarget("coap://h/a").attributes());
    }
}
