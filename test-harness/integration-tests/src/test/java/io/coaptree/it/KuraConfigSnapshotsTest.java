package io.coaptree.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The role snapshots in {@code kura-config/} hold against the metatype we ship: every property is a known setting of
 * its component, with the metatype's type, a value Kura can convert, within the range and among the offered values.
 * A snapshot never repeats a default: a default lives in its options class alone, so changing it there changes it
 * on every gateway configured from a snapshot.
 */
class KuraConfigSnapshotsTest {

    private static final String ESF = "http://eurotech.com/esf/2.0";

    @Test
    void everySnapshotPropertyIsAKnownSettingWithAValidValueThatIsNotItsDefault() throws Exception {
        Map<String, Map<String, Element>> metatypes = ShippedMetatypes.of(Packages.core(), Packages.examples());
        List<Path> snapshots;
        try (Stream<Path> files = Files.list(Packages.kuraConfig(""))) {
            snapshots = files.filter(f -> f.toString().endsWith(".xml")).sorted().toList();
        }
        assertTrue(snapshots.size() >= 3, "the role snapshots are there: " + snapshots);
        List<String> problems = new ArrayList<>();
        for (Path snapshot : snapshots) {
            NodeList configurations = parse(snapshot).getElementsByTagNameNS(ESF, "configuration");
            for (int i = 0; i < configurations.getLength(); i++) {
                Element configuration = (Element) configurations.item(i);
                String pid = configuration.getAttribute("pid");
                Map<String, Element> ads = metatypes.get(pid);
                if (ads == null) {
                    problems.add(snapshot.getFileName() + ": " + pid + " is no component of our packages");
                    continue;
                }
                NodeList properties = configuration.getElementsByTagNameNS(ESF, "property");
                for (int j = 0; j < properties.getLength(); j++) {
                    Element property = (Element) properties.item(j);
                    String where = snapshot.getFileName() + ": " + pid + " " + property.getAttribute("name");
                    SnapshotValueCheck.of(property, ads.get(property.getAttribute("name")))
                            .forEach(p -> problems.add(where + " " + p));
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    /**
     * The examples ({@code kura-config/examples/}) configure Kura's own components too (assets, Wires): blocks of our
     * components, factory instances found by their {@code service.factoryPid}, hold as the role snapshots do (Kura's
     * bookkeeping properties aside); other blocks must be Kura's, and an asset's {@code driver.pid} must name a
     * driver instance of the same snapshot.
     */
    @Test
    void exampleSnapshotsHoldForOurComponentsAndTheirAssetsNameTheirDrivers() throws Exception {
        Map<String, Map<String, Element>> metatypes = ShippedMetatypes.of(Packages.core(), Packages.examples());
        List<Path> examples;
        try (Stream<Path> files = Files.list(Packages.kuraConfig("examples"))) {
            examples = files.filter(f -> f.toString().endsWith(".xml")).sorted().toList();
        }
        assertTrue(!examples.isEmpty(), "kura-config/examples has snapshots");
        List<String> problems = new ArrayList<>();
        for (Path snapshot : examples) {
            NodeList configurations = parse(snapshot).getElementsByTagNameNS(ESF, "configuration");
            Map<String, String> factoryOf = new HashMap<>();
            for (int i = 0; i < configurations.getLength(); i++) {
                Element configuration = (Element) configurations.item(i);
                factoryOf.put(configuration.getAttribute("pid"), value(configuration, "service.factoryPid"));
            }
            for (int i = 0; i < configurations.getLength(); i++) {
                Element configuration = (Element) configurations.item(i);
                String pid = configuration.getAttribute("pid");
                String component = factoryOf.get(pid) != null ? factoryOf.get(pid) : pid;
                String where = snapshot.getFileName() + ": " + pid;
                String driver = value(configuration, "driver.pid");
                if (driver != null && !"io.coaptree.driver.CoapDriver".equals(factoryOf.get(driver))) {
                    problems.add(where + " driver.pid " + driver + " is no CoAPTree driver instance of the snapshot");
                }
                Map<String, Element> ads = metatypes.get(component);
                if (ads == null) {
                    if (!component.startsWith("org.eclipse.kura.")) {
                        problems.add(where + ": " + component + " is neither ours nor Kura's");
                    }
                    continue;
                }
                NodeList properties = configuration.getElementsByTagNameNS(ESF, "property");
                for (int j = 0; j < properties.getLength(); j++) {
                    Element property = (Element) properties.item(j);
                    String name = property.getAttribute("name");
                    if (!List.of("service.factoryPid", "kura.service.pid", "service.pid").contains(name)) {
                        SnapshotValueCheck.of(property, ads.get(name)).forEach(p -> problems.add(where + " " + name
                                + " " + p));
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    private static String value(Element configuration, String name) {
        NodeList properties = configuration.getElementsByTagNameNS(ESF, "property");
        for (int j = 0; j < properties.getLength(); j++) {
            Element property = (Element) properties.item(j);
            if (property.getAttribute("name").equals(name)) {
                return property.getElementsByTagNameNS(ESF, "value").item(0).getTextContent().trim();
            }
        }
        return null;
    }

    private static Element parse(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(file.toFile()).getDocumentElement();
    }
}
