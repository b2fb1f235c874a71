package io.coaptree.linkformat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Random;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Properties over generated input: valid links survive serialize/parse unchanged, and any input at all, random
 * or a mutated valid payload, either parses to links that round-trip or fails with LinkFormatParseException,
 * never anything else.
 */
class LinkFormatPropertiesTest {

    /** Characters that steer the scanner into every branch, plus some that must be refused. */
    private static final String STRUCTURAL = "<>;,=\"\\ \t\r\n/.:-_*#%?&[]@!ab0Z\u00e9\u0000\u007f\ud83d";

    private static final LinkFormatParser PARSER = LinkFormatParser.withDefaults();

    private static final LinkFormatParser TIGHT = new LinkFormatParser(LinkFormatLimits.builder().maxPayloadChars(60)
            .maxLinks(3).maxAttributesPerLink(3).maxAttributeLength(6).maxTargetLength(8).build());

    @Property(tries = 400)
    void generatedLinksRoundTrip(@ForAll("links") List<Link> links) throws Exception {
        String text = LinkFormatSerializer.serialize(links);

        assertEquals(links, PARSER.parse(text));
        assertEquals(text, LinkFormatSerializer.serialize(PARSER.parse(text)));
    }

    @Property(tries = 1500)
    void randomInputFailsOnlyWithTheParseException(@ForAll("noise") String input) {
        parseExpectingOnlyTheParseException(PARSER, input);
        parseExpectingOnlyTheParseException(TIGHT, input);
    }

    @Property(tries = 1500)
    void mutatedValidPayloadsFailOnlyWithTheParseException(@ForAll("links") List<Link> links, @ForAll long seed) {
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder(LinkFormatSerializer.serialize(links));
        int mutations = 1 + random.nextInt(4);
        for (int i = 0; i < mutations; i++) {
            mutate(text, random);
        }
        parseExpectingOnlyTheParseException(PARSER, text.toString());
        parseExpectingOnlyTheParseException(TIGHT, text.toString());
    }

    /** Whatever parses must serialize to something that parses to the same links. */
    private static void parseExpectingOnlyTheParseException(LinkFormatParser parser, String input) {
        List<Link> links;
        try {
            links = parser.parse(input);
        } catch (LinkFormatParseException expected) {
            return;
        }
        try {
            assertEquals(links, PARSER.parse(LinkFormatSerializer.serialize(links)), input);
        } catch (LinkFormatParseException e) {
            throw new AssertionError("re-parsing the serialized form of " + input + " failed", e);
        }
    }

    private static void mutate(StringBuilder text, Random random) {
        int at = text.length() == 0 ? 0 : random.nextInt(text.length());
        char c = STRUCTURAL.charAt(random.nextInt(STRUCTURAL.length()));
        switch (random.nextInt(4)) {
            case 0:
                text.insert(at, c);
                break;
            case 1:
                if (text.length() > 0) {
                    text.deleteCharAt(at);
                }
                break;
            case 2:
                if (text.length() > 0) {
                    text.setCharAt(at, c);
                }
                break;
            default:
                int end = Math.min(text.length(), at + random.nextInt(8));
                text.insert(at, text.substring(at, end));
        }
    }

    @Provide
    Arbitrary<String> noise() {
        return Arbitraries.strings().withChars(STRUCTURAL.toCharArray()).ofMaxLength(80);
    }

    @Provide
    Arbitrary<List<Link>> links() {
        Arbitrary<String> target = Arbitraries.strings()
                .withChars("abcxyz0129/:.,;=?&%-_~[]@!$'()*+\u00e9".toCharArray()).ofMaxLength(24);
        Arbitrary<String> name = Arbitraries.strings().withChars("abcdefrtifz09-._*~".toCharArray())
                .ofMinLength(1).ofMaxLength(10);
        Arbitrary<String> value = Arbitraries.oneOf(
                Arbitraries.strings().withChars("abc.-:09 ,;=\"\\<>\u00e9\t".toCharArray()).ofMaxLength(20),
                Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(5),
                Arbitraries.of("core.rd", "core.rd-ep", "temperature-c sensor", "", "tag:example.org,2020:x"));
        Arbitrary<LinkAttribute> attribute = Arbitraries.oneOf(
                Combinators.combine(name, value).as(LinkAttribute::of),
                name.map(LinkAttribute::flag));
        Arbitrary<Link> link = Combinators.combine(target, attribute.list().ofMaxSize(6))
                .as((t, attributes) -> Link.builder(t).attributes(attributes).build());
        return link.list().ofMaxSize(6);
    }
}
