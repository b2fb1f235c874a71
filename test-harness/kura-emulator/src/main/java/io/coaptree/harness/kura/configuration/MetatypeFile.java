package io.coaptree.harness.kura.configuration;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.kura.configuration.metatype.AD;
import org.eclipse.kura.configuration.metatype.Icon;
import org.eclipse.kura.configuration.metatype.OCD;
import org.eclipse.kura.configuration.metatype.Option;
import org.eclipse.kura.configuration.metatype.Scalar;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import io.coaptree.harness.kura.snapshot.XmlDocuments;

/**
 * One OSGI-INF/metatype/&lt;pid&gt;.xml as Kura's ConfigurationService reads it: by element name, whatever the
 * namespace prefix, the OCD whose id is the pid and the Designate that says whether the pid is a factory.
 */
final class MetatypeFile {

    /** The definition found for a pid, and the factory pid when the Designate names one. */
    record Definition(OCD ocd, String factoryPid) {
    }

    private MetatypeFile() {
    }

    /** The OCD with this id and its Designate; null when the file has no OCD with that id. */
    static Definition read(InputStream in, String pid) throws IOException {
        Element root = XmlDocuments.parse(in).getDocumentElement();
        OCD ocd = null;
        String factoryPid = null;
        for (Element element : children(root)) {
            String name = localName(element);
            if (name.equals("OCD") && pid.equals(element.getAttribute("id"))) {
                ocd = ocd(element);
            } else if (name.equals("Designate")) {
                String designatedFactory = element.getAttribute("factoryPid");
                if (pid.equals(element.getAttribute("pid")) || pid.equals(designatedFactory)) {
                    factoryPid = designatedFactory.isEmpty() ? null : designatedFactory;
                }
            }
        }
        return ocd == null ? null : new Definition(ocd, factoryPid);
    }

    private static OCD ocd(Element element) {
        List<AD> attributes = new ArrayList<>();
        List<Icon> icons = new ArrayList<>();
        for (Element child : children(element)) {
            if (localName(child).equals("AD")) {
                attributes.add(ad(child));
            } else if (localName(child).equals("Icon")) {
                String size = child.getAttribute("size");
                icons.add(new MetatypeIcon(child.getAttribute("resource"),
                        size.isEmpty() ? null : new BigInteger(size)));
            }
        }
        return new MetatypeOcd(element.getAttribute("id"), element.getAttribute("name"),
                element.getAttribute("description"), List.copyOf(attributes), List.copyOf(icons));
    }

    private static AD ad(Element element) {
        List<Option> options = new ArrayList<>();
        for (Element child : children(element)) {
            if (localName(child).equals("Option")) {
                options.add(new MetatypeOption(child.getAttribute("label"), child.getAttribute("value")));
            }
        }
        String cardinality = element.getAttribute("cardinality");
        String required = element.getAttribute("required");
        return new MetatypeAd(element.getAttribute("id"), element.getAttribute("name"),
                element.getAttribute("description"), Scalar.fromValue(element.getAttribute("type")),
                cardinality.isEmpty() ? 0 : Integer.parseInt(cardinality), nullIfEmpty(element, "min"),
                nullIfEmpty(element, "max"), element.hasAttribute("default") ? element.getAttribute("default") : null,
                required.isEmpty() || Boolean.parseBoolean(required), List.copyOf(options));
    }

    private static String nullIfEmpty(Element element, String attribute) {
        String value = element.getAttribute(attribute);
        return value.isEmpty() ? null : value;
    }

    private static String localName(Element element) {
        String tag = element.getTagName();
        return tag.substring(tag.indexOf(':') + 1);
    }

    private static List<Element> children(Element parent) {
        List<Element> elements = new ArrayList<>();
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            Node node = nodes.item(i);
            if (node instanceof Element) {
                elements.add((Element) node);
            }
        }
        return elements;
    }

    record MetatypeOcd(String getId, String getName, String getDescription, List<AD> getAD, List<Icon> getIcon)
            implements OCD {
    }

    record MetatypeAd(String getId, String getName, String getDescription, Scalar getType, int getCardinality,
            String getMin, String getMax, String getDefault, boolean isRequired, List<Option> getOption)
            implements AD {
    }

    record MetatypeOption(String getLabel, String getValue) implements Option {
    }

    record MetatypeIcon(String getResource, BigInteger getSize) implements Icon {
    }
}
