package io.coaptree.harness.settings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

import io.coaptree.properties.ComponentSettings;
import io.coaptree.properties.Setting;

/** Reads back the metatype the build wrote and compares each attribute with its definition. */
final class WrittenMetatype {

    private WrittenMetatype() {
    }

    static List<String> violations(ComponentSettings settings, Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return List.of(file + " was not written: name the options class in the module's metatype.classes");
        }
        Element ocd = ocd(file);
        List<String> problems = new ArrayList<>();
        expect(problems, "OCD id", settings.pid(), ocd.getAttribute("id"));
        expect(problems, "OCD name", settings.name(), ocd.getAttribute("name"));
        NodeList ads = ocd.getElementsByTagName("AD");
        List<Setting<?>> defined = settings.settings();
        if (ads.getLength() != defined.size()) {
            problems.add(file.getFileName() + " has " + ads.getLength() + " ADs, the settings " + defined.size());
            return problems;
        }
        for (int i = 0; i < ads.getLength(); i++) {
            Element ad = (Element) ads.item(i);
            Setting<?> s = defined.get(i);
            String where = s.id() + " ";
            expect(problems, where + "id", s.id(), ad.getAttribute("id"));
            expect(problems, where + "type", s.type().metatypeName(), ad.getAttribute("type"));
            expect(problems, where + "default", s.defaultText(), ad.getAttribute("default"));
            expect(problems, where + "required", Boolean.toString(s.required()), ad.getAttribute("required"));
            expect(problems, where + "min", s.min() == null ? "" : s.min().toString(), ad.getAttribute("min"));
            expect(problems, where + "max", s.max() == null ? "" : s.max().toString(), ad.getAttribute("max"));
            expect(problems, where + "options", Integer.toString(s.choices().size()),
                    Integer.toString(ad.getElementsByTagName("Option").getLength()));
        }
        return problems;
    }

    private static void expect(List<String> problems, String what, String defined, String written) {
        if (!defined.equals(written)) {
            problems.add(what + ": defined '" + defined + "', written '" + written + "'");
        }
    }

    private static Element ocd(Path file) throws IOException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document doc = factory.newDocumentBuilder().parse(file.toFile());
            return (Element) doc.getElementsByTagName("OCD").item(0);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException(file + " is not a metatype document", e);
        }
    }
}
