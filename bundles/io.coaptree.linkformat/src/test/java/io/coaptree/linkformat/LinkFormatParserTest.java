package io.coaptree.linkformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.coaptree.linkformat.LinkFormatParseException.Kind;

class LinkFormatParserTest {

    private final LinkFormatParser parser = LinkFormatParser.withDefaults();

    @Test
    void readsAWellKnownCoreDocumentWithAnchorsAndRelations() throws Exception {
        String payload = "</sensors>;ct=40;title=\"Sensor Index\","
                + "</sensors/temp>;rt=\"temperature-c\";if=\"sensor\","
                + "</sensors/light>;rt=\"light-lux\";if=\"sensor\","
                + "<http://www.example.com/sensors/t123>;anchor=\"/sensors/temp\";rel=\"describedby\","
                + "</t>;anchor=\"/sensors/temp\";rel=\"alternate\"";

        List<Link> links = parser.parse(payload);

        assertEquals(5, links.size());
        assertEquals("/sensors", links.get(0).target());
        assertEquals(Optional.of("40"), links.get(0).firstValue("ct"));
        assertEquals(Optional.of("Sensor Index"), links.get(0).firstValue("title"));
        assertEquals(List.of("temperature-c"), links.get(1).tokens("rt"));
        assertEquals(Optional.of("/sensors/temp"), links.get(3).anchor());
        assertEquals("/t", links.get(4).target());
        assertEquals(Optional.of("alternate"), links.get(4).firstValue("rel"));
    }

    @Test
    void keepsCommasAndSemicolonsInsideQuotedValues() throws Exception {
        List<Link> links = parser.parse("</a>;title=\"x, y; z\";rt=b,</c>;et=\"tag:example.com,2020:platform\"");

        assertEquals(2, links.size());
        assertEquals(Optional.of("x, y; z"), links.get(0).firstValue("title"));
        assertEquals(Optional.of("b"), links.get(0).firstValue("rt"));
        assertEquals(Optional.of("tag:example.com,2020:platform"), links.get(1).firstValue("et"));
    }

    @Test
    void unescapesQuotesAndBackslashesInQuotedValues() throws Exception {
        Link link = parser.parse("</a>;title=\"say \\\"hi\\\" \\\\ back\"").get(0);

        assertEquals(Optional.of("say \"hi\" \\ back"), link.firstValue("title"));
    }

    @Test
    void readsUnquotedDottedValuesWholeAndKeepsLaterLinks() throws Exception {
        // Californium's LinkFormat.parse truncates rt=core.rd-ep and drops every link after it.
        List<Link> links = parser.parse("</rd>;rt=core.rd;ct=40,</rd-lookup/ep>;rt=core.rd-lookup-ep,"
                + "</rd-lookup/res>;rt=core.rd-lookup-res;ct=40,</rd/1>;rt=core.rd-ep");

        assertEquals(4, links.size());
        assertEquals(List.of("core.rd"), links.get(0).values("rt"));
        assertEquals(List.of("core.rd-lookup-ep"), links.get(1).values("rt"));
        assertEquals(List.of("core.rd-lookup-res"), links.get(2).values("rt"));
        assertEquals(List.of("40"), links.get(2).values("ct"));
        assertEquals(List.of("core.rd-ep"), links.get(3).values("rt"));
    }

    @Test
    void namesThatStartLikeWellKnownOnesAreReadWhole() throws Exception {
        Link link = parser.parse("</x>;rt=a;rtx=b;r=c;RT=d;Title=e;titles=f;d=g;ep=h;obs").get(0);
        assertEquals(List.of("rt", "rtx", "r", "rt", "title", "titles", "d", "ep", "obs"),
                link.attributes().stream().map(LinkAttribute::name).toList());
        assertEquals(List.of("a", "d"), link.values("rt"));
        assertEquals(List.of("e"), link.values("title"));
    }

    @Test
    void acceptsAttributeNamesWithDashesAndDots() throws Exception {
        Link link = parser.parse("</x>;my-attr=1;org.example.v=\"2\";rt=a").get(0);

        assertEquals(Optional.of("1"), link.firstValue("my-attr"));
        assertEquals(Optional.of("2"), link.firstValue("org.example.v"));
        assertEquals(Optional.of("a"), link.firstValue("rt"));
    }

    @Test
    void distinguishesFlagsFromEmptyValues() throws Exception {
        List<Link> links = parser.parse("</obs>;obs;rt=\"x\",</e>;obs=\"\",</last>;obs");

        LinkAttribute flag = links.get(0).attributes().get(0);
        assertTrue(flag.isFlag());
        assertTrue(links.get(0).has("obs"));
        assertEquals(List.of(), links.get(0).values("obs"));
        assertEquals(Optional.of("x"), links.get(0).firstValue("rt"));
        assertFalse(links.get(1).attributes().get(0).isFlag());
        assertEquals(Optional.of(""), links.get(1).firstValue("obs"));
        assertTrue(links.get(2).attributes().get(0).isFlag());
    }

    @Test
    void keepsLinksWithTheSameTargetAndDifferentAnchorsDistinctAndInOrder() throws Exception {
        List<Link> links = parser.parse("<http://ex.org/t>;anchor=\"/a\";rel=describedby,"
                + "<http://ex.org/t>;anchor=\"/b\";rel=describedby,"
                + "<http://ex.org/t>;anchor=\"/a\";rel=describedby");

        assertEquals(3, links.size());
        assertEquals(Optional.of("/a"), links.get(0).anchor());
        assertEquals(Optional.of("/b"), links.get(1).anchor());
        assertEquals(links.get(0), links.get(2));
    }

    @Test
    void readsTargetsContainingCommasAndSemicolons() throws Exception {
        List<Link> links = parser.parse("<coap://h/a,b;c?x=1,2>;rt=x,</y>");

        assertEquals(2, links.size());
        assertEquals("coap://h/a,b;c?x=1,2", links.get(0).target());
        assertEquals("/y", links.get(1).target());
    }

    @Test
    void collectsRepeatedAndSpaceSeparatedValues() throws Exception {
        Link link = parser.parse("</s>;rt=\"a b  c\";if=sensor;rt=d").get(0);

        assertEquals(List.of("a b  c", "d"), link.values("rt"));
        assertEquals(List.of("a", "b", "c", "d"), link.tokens("rt"));
        assertEquals(List.of("a b  c", "d"), link.attributeMap().get("rt"));
        assertEquals(List.of("rt", "if", "rt"), link.attributes().stream().map(LinkAttribute::name).toList());
    }

    @Test
    void toleratesWhitespaceAroundSeparatorsAndLineBreaks() throws Exception {
        List<Link> links = parser.parse("\n  </a> ; rt = \"x\" ;obs ,\n\t</b>;if=y  \r\n");

        assertEquals(2, links.size());
        assertEquals(Link.builder("/a").attribute("rt", "x").flag("obs").build(), links.get(0));
        assertEquals(Link.builder("/b").attribute("if", "y").build(), links.get(1));
    }

    @Test
    void keepsWhitespaceInsideQuotedValues() throws Exception {
        assertEquals(Optional.of("  padded  "), parser.parse("</a>;title=\"  padded  \"").get(0).firstValue("title"));
    }

    @Test
    void readsAnRfc9176EndpointLookupResult() throws Exception {
        List<Link> links = parser.parse("</rd/1234>;base=\"coap://[2001:db8:3::127]:61616\";ep=\"node5\";\n"
                + "    et=\"tag:example.com,2020:platform\";ct=\"40\";rt=\"core.rd-ep\",\n"
                + "</rd/4521>;base=\"coap://[2001:db8:3::129]:61616\";ep=node7;d=floor-3;rt=core.rd-ep");

        assertEquals(2, links.size());
        assertEquals(Optional.of("coap://[2001:db8:3::127]:61616"), links.get(0).firstValue("base"));
        assertEquals(Optional.of("node7"), links.get(1).firstValue("ep"));
        assertEquals(Optional.of("floor-3"), links.get(1).firstValue("d"));
        assertEquals(Optional.of("core.rd-ep"), links.get(1).firstValue("rt"));
    }

    @Test
    void readsAnRfc9176RegistrationPayloadWithAbsoluteAndRelativeTargets() throws Exception {
        List<Link> links = parser.parse("</sensors/temp>;rt=\"temperature-c\";if=\"sensor\","
                + "<http://www.example.com/sensors/temp>;anchor=\"/sensors/temp\";rel=\"describedby\"");

        assertEquals("http://www.example.com/sensors/temp", links.get(1).target());
        assertEquals(Optional.of("describedby"), links.get(1).firstValue("rel"));
    }

    @Test
    void lowerCasesAttributeNames() throws Exception {
        Link link = parser.parse("</a>;RT=x;Title=\"T\"").get(0);

        assertEquals(Optional.of("x"), link.firstValue("rt"));
        assertEquals(Optional.of("T"), link.firstValue("TITLE"));
        assertEquals("rt", link.attributes().get(0).name());
    }

    @Test
    void readsEmptyTargetsAndEmptyPayloads() throws Exception {
        assertEquals(List.of(), parser.parse(""));
        assertEquals(List.of(), parser.parse(" \r\n\t "));
        assertEquals(List.of(Link.of("")), parser.parse("<>"));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
            "a                    | 0  | expected '<' to start a link",
            "'</a'                | 3  | expected '>' to end the target",
            "</a b>               | 3  | expected '>' to end the target",
            "'</a>;rt=\"x'        | 8  | quoted value of 'rt' is not closed",
            "'</a>;rt=\"x\\'      | 8  | ends in an escape",
            "'</a>,'              | 5  | expected a link after ','",
            "'</a>;'              | 5  | expected an attribute name",
            "'</a>;=x'            | 5  | expected an attribute name",
            "'</a>;rt='           | 8  | expected a value or a quoted string after 'rt='",
            "'</a>;rt=x\"y\"'     | 9  | unquoted value of 'rt'",
            "'</a>;rt=\"x\"y'     | 11 | expected ';' or ',' after the quoted value",
            "</a> </b>            | 5  | expected ',' between links",
            "'</a>;rt=,</b>'      | 8  | expected a value",
            "'</a>;ti\u00e9=1'    | 7  | attribute name 'ti' cannot contain",
            "'</a>,,</b>'         | 5  | expected '<'",
    })
    void refusesMalformedInputWithOffsetAndDiagnostic(String payload, int offset, String reason) {
        LinkFormatParseException e = assertThrows(LinkFormatParseException.class, () -> parser.parse(payload));

        assertEquals(Kind.SYNTAX, e.kind());
        assertEquals(offset, e.offset(), e.getMessage());
        assertTrue(e.reason().contains(reason), e.getMessage());
        assertTrue(e.getMessage().contains("offset " + offset), e.getMessage());
    }

    @Test
    void enforcesEveryLimitAsALimitError() {
        LinkFormatLimits tight = LinkFormatLimits.builder().maxPayloadChars(64).maxLinks(2).maxAttributesPerLink(2)
                .maxAttributeLength(5).maxTargetLength(4).build();
        LinkFormatParser strict = new LinkFormatParser(tight);

        assertLimit(strict, "</a>,</b>,</c>", "maxLinks");
        assertLimit(strict, "</a>;a=1;b=2;c=3", "maxAttributesPerLink");
        assertLimit(strict, "</a>;rt=abcdef", "maxAttributeLength");
        assertLimit(strict, "</a>;rt=\"abcdef\"", "maxAttributeLength");
        assertLimit(strict, "</a>;abcdef", "maxAttributeLength");
        assertLimit(strict, "</abcd>", "maxTargetLength");
        assertLimit(strict, "</a>;" + "x".repeat(80), "maxPayloadChars");
    }

    @Test
    void acceptsInputExactlyAtTheLimits() throws Exception {
        LinkFormatParser strict = new LinkFormatParser(LinkFormatLimits.builder().maxLinks(2).maxAttributesPerLink(2)
                .maxAttributeLength(5).maxTargetLength(4).maxPayloadChars(40).build());

        assertEquals(2, strict.parse("</abc>;abcde=\"12345\";b=12345,</cd>").size());
    }

    @Test
    void namesTheFieldOfABadLimit() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LinkFormatLimits.builder().maxAttributesPerLink(0));
        assertTrue(e.getMessage().startsWith("maxAttributesPerLink"), e.getMessage());
    }

    private static void assertLimit(LinkFormatParser parser, String payload, String setting) {
        LinkFormatParseException e = assertThrows(LinkFormatParseException.class, () -> parser.parse(payload));
        assertEquals(Kind.LIMIT, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains(setting), e.getMessage());
    }
}
