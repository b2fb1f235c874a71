package io.coaptree.harness.node;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;


import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import io.coaptree.harness.kura.snapshot.XmlDocuments;

/**
 * One OSGI-INF/metatype/*.xml file read the way Kura reads it: by element name, ignoring namespaces.
 * Prefixed element names (ns:OCD) are kept apart, since Kura's parser does not see them.
 */
final class MetatypeDocument {

    record AttributeDefinition(String id, String name, String type, String defaultValue, String cardinality) {
    }

    record ObjectClassDefinition(String id, List<AttributeDefinition> attributes) {
    }

    record Designate(String pid, String factoryPid, List<String> ocdRefs) {
    }

    private static final Set<String> KURA_ELEMENTS = Set.of("OCD", "AD", "Designate", "Object", "Option", "Icon");

    private final List<ObjectClassDefinition> definitions = new ArrayList<>();
    private final List<Designate> designates = new ArrayList<>();
    private final List<String> prefixedElements = new ArrayList<>();

    private MetatypeDocument() {
    }

    static MetatypeDocument parse(InputStream in) throws IOException {
        MetatypeDocument document = new MetatypeDocument();
        Element root = XmlDocuments.parse(in).getDocumentElement();
        document.scan(root);
        return document;
    }

    private void scan(Element element) {
        String tag = element.getTagName();
        int colon = tag.indexOf(':');
        if (colon >= 0 && KURA_ELEMENTS.contains(tag.substring(colon + 1))) {
            this.prefixedElements.add(tag);
        }
        if ("OCD".equals(tag)) {
            List<AttributeDefinition> attributes = new ArrayList<>();
            for (Element ad : children(element, "AD")) {
                attributes.add(new AttributeDefinition(attr(ad, "id"), attr(ad, "name"), attr(ad, "type"),
                        attr(ad, "default"), attr(ad, "cardinality")));
            }
            this.definitions.add(new ObjectClassDefinition(attr(element, "id"), attributes));
        } else if ("Designate".equals(tag)) {
            List<String> refs = new ArrayList<>();
            for (Element object : children(element, "Object")) {
                refs.add(attr(object, "ocdref"));
            }
            this.designates.add(new Designate(attr(element, "pid"), attr(element, "factoryPid"), refs));
        }
        for (Element child : children(element, null)) {
            scan(child);
        }
    }

    private static List<Element> children(Element parent, String tag) {
        List<Element> found = new ArrayList<>();
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            Node node = nodes.item(i);
            if (node instanceof Element && (tag == null || tag.equals(((Element) node).getTagName()))) {
                found.add((Element) node);
            }
        }
        return found;
    }

    /** The attribute's value, or null when absent (DOM returns "" for both absent and empty). */
    private static String attr(Element element, String name) {
        return element.hasAttribute(name) ? element.getAttribute(name) : null;
    }

    List<ObjectClassDefinition> definitions() {
        return this.definitions;
    }

    List<Designate> designates() {
        return this.designates;
    }

    List<String> prefixedElements() {
        return this.prefixedElements;
    }
}
