package io.coaptree.it;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The metatype attribute definitions our deployment packages ship, read from the bundles inside the {@code .dp}
 * files as Kura would find them: {@code OSGI-INF/metatype/<pid>.xml} of each bundle, keyed by PID, then by AD id.
 */
final class ShippedMetatypes {

    private ShippedMetatypes() {
    }

    static Map<String, Map<String, Element>> of(Path... packages) throws Exception {
        Map<String, Map<String, Element>> byPid = new HashMap<>();
        for (Path dp : packages) {
            try (JarInputStream outer = new JarInputStream(Files.newInputStream(dp))) {
                for (JarEntry bundle; (bundle = outer.getNextJarEntry()) != null;) {
                    if (bundle.getName().endsWith(".jar")) {
                        readBundle(new JarInputStream(new ByteArrayInputStream(outer.readAllBytes())), byPid);
                    }
                }
            }
        }
        return byPid;
    }

    private static void readBundle(JarInputStream bundle, Map<String, Map<String, Element>> byPid) throws Exception {
        for (JarEntry entry; (entry = bundle.getNextJarEntry()) != null;) {
            if (entry.getName().startsWith("OSGI-INF/metatype/") && entry.getName().endsWith(".xml")) {
                Element ocd = ocd(new ByteArrayInputStream(bundle.readAllBytes()));
                Map<String, Element> ads = new HashMap<>();
                NodeList list = ocd.getElementsByTagName("AD");
                for (int i = 0; i < list.getLength(); i++) {
                    Element ad = (Element) list.item(i);
                    ads.put(ad.getAttribute("id"), ad);
                }
                byPid.put(ocd.getAttribute("id"), ads);
            }
        }
    }

    private static Element ocd(InputStream xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return (Element) factory.newDocumentBuilder().parse(xml).getElementsByTagName("OCD").item(0);
    }

    /** @return the AD's {@code Option} values, empty for a free field */
    static List<String> options(Element ad) {
        NodeList list = ad.getElementsByTagName("Option");
        List<String> values = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            values.add(((Element) list.item(i)).getAttribute("value"));
        }
        return values;
    }
}
