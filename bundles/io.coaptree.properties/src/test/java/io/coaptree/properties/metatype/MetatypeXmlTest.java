package io.coaptree.properties.metatype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.coaptree.properties.ComponentSettings;
import io.coaptree.properties.Setting;

class MetatypeXmlTest {

    public static final ComponentSettings SETTINGS = ComponentSettings.of("io.example.Thing", "Thing <1>",
            "Does \"things\" & more", List.of(
                    Setting.integer("size", 4).range(1, 8).named("Size").describedAs("How big"),
                    Setting.text("names", "").optional().describedAs("One per line|TextArea"),
                    Setting.password("secret"),
                    Setting.text("mode", "a").labelled("a", "First", "b", "Second")));

    @Test
    void writesEveryAttributeAsKuraReadsIt() throws IOException {
        StringWriter out = new StringWriter();
        MetatypeXml.write(SETTINGS, out);
        String xml = out.toString();
        assertTrue(xml.contains("<OCD id=\"io.example.Thing\""), xml);
        assertTrue(xml.contains("name=\"Thing &lt;1&gt;\""), xml);
        assertTrue(xml.contains("description=\"Does &quot;things&quot; &amp; more\""), xml);
        assertTrue(xml.contains("<AD id=\"size\" name=\"Size\" type=\"Integer\" cardinality=\"0\" required=\"true\" "
                + "default=\"4\" min=\"1\" max=\"8\""), xml);
        assertTrue(xml.contains("<AD id=\"names\" name=\"names\" type=\"String\" cardinality=\"0\" required=\"false\" "
                + "default=\"\"\n            description=\"One per line|TextArea\"/>"), xml);
        assertTrue(xml.contains("type=\"Password\" cardinality=\"0\" required=\"false\" default=\"\""), xml);
        assertTrue(xml.contains("<Option label=\"Second\" value=\"b\"/>"), xml);
        assertTrue(xml.contains("<Designate pid=\"io.example.Thing\">"), xml);
    }

    @Test
    void aFactoryComponentIsDesignatedByFactoryPid() throws IOException {
        StringWriter out = new StringWriter();
        MetatypeXml.write(SETTINGS.asFactory(), out);
        assertTrue(out.toString().contains("<Designate factoryPid=\"io.example.Thing\">"), out.toString());
    }

    @Test
    void theGeneratorWritesOneFilePerComponentNamedAfterItsPid(@TempDir Path folder) throws Exception {
        MetatypeGenerator.main(new String[] { folder.toString(), MetatypeXmlTest.class.getName() });
        StringWriter expected = new StringWriter();
        MetatypeXml.write(SETTINGS, expected);
        assertEquals(expected.toString(), Files.readString(folder.resolve("io.example.Thing.xml")));
    }
}
