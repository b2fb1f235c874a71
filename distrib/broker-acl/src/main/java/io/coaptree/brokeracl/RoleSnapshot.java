package io.coaptree.brokeracl;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * What the access list needs from a {@code kura-config/} role snapshot: the tree handler's level, topic prefix and
 * example domain and group (the defaults of inventory lines that name none), and whether the role's remote queries
 * take direct routes.
 *
 * @param domain       empty when the snapshot sets none
 * @param group        empty when the snapshot sets none
 * @param directRoutes RemoteQuery's {@code remotequery.route.direct} (true when the snapshot leaves it out, as the
 *                     component's default): the role's gateways send requests straight to any gateway on the broker
 * @param maxPayloadBytes RemoteQuery's {@code codec.max.payload.bytes}: the largest CoAP payload the role's gateways
 *                     carry across the tree in one MQTT message, which the broker must accept
 */
public record RoleSnapshot(String file, int level, String prefix, String domain, String group,
        boolean directRoutes, int maxPayloadBytes) {

    /** The tree handler's PID, whose properties a snapshot carries. */
    static final String TREE_PID = "io.coaptree.tree.CoAPTreeHandler";
    /** RemoteQuery's PID, for its direct-route setting. */
    static final String REMOTE_QUERY_PID = "io.coaptree.remotequery.RemoteQuery";
    /*
     * The components' defaults for what a snapshot leaves out (a snapshot never repeats a default). This tool runs
     * outside any gateway, without our bundles, so it keeps these three copies; RoleSnapshotDefaultsTest holds them
     * to the metatypes the bundles ship.
     */
    /** {@code tree.topic.prefix}'s default. */
    static final String DEFAULT_PREFIX = "coaptree";
    /** {@code tree.level}'s default: a group. */
    static final int DEFAULT_LEVEL = 2;
    /** {@code remotequery.route.direct}'s default. */
    static final boolean DEFAULT_DIRECT_ROUTES = true;
    /** {@code codec.max.payload.bytes}'s default. */
    static final int DEFAULT_MAX_PAYLOAD_BYTES = 1_048_576;

    /** Reads a Kura snapshot ({@code esf:configurations} XML). */
    public static RoleSnapshot read(Path file) throws IOException, InvalidInputException {
        Map<String, String> tree;
        Map<String, String> remoteQuery;
        try (InputStream in = Files.newInputStream(file)) {
            Document snapshot = parse(in);
            tree = properties(snapshot, TREE_PID)
                    .orElseThrow(() -> new InvalidInputException(file + ": no configuration of " + TREE_PID));
            remoteQuery = properties(snapshot, REMOTE_QUERY_PID).orElse(Map.of());
        }
        String level = tree.getOrDefault("tree.level", Integer.toString(DEFAULT_LEVEL));
        String maxPayload = remoteQuery.getOrDefault("codec.max.payload.bytes",
                Integer.toString(DEFAULT_MAX_PAYLOAD_BYTES));
        int maxPayloadBytes;
        try {
            maxPayloadBytes = Integer.parseInt(maxPayload.trim());
        } catch (NumberFormatException e) {
            throw new InvalidInputException(file + ": codec.max.payload.bytes '" + maxPayload + "' is not a number");
        }
        try {
            return new RoleSnapshot(file.getFileName().toString(), Integer.parseInt(level.trim()),
                    tree.getOrDefault("tree.topic.prefix", DEFAULT_PREFIX), tree.getOrDefault("tree.domain", ""),
                    tree.getOrDefault("tree.group", ""),
                    Boolean.parseBoolean(remoteQuery.getOrDefault("remotequery.route.direct",
                            Boolean.toString(DEFAULT_DIRECT_ROUTES))), maxPayloadBytes);
        } catch (NumberFormatException e) {
            throw new InvalidInputException(file + ": tree.level '" + level + "' is not a number");
        }
    }

    private static Document parse(InputStream in) throws IOException, InvalidInputException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            // a snapshot is data: no DTDs, no external entities
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            DocumentBuilder builder = factory.newDocumentBuilder();
            return builder.parse(in);
        } catch (ParserConfigurationException | SAXException e) {
            throw new InvalidInputException("not a Kura snapshot: " + e.getMessage());
        }
    }

    private static Optional<Map<String, String>> properties(Document doc, String pid) {
        NodeList configurations = doc.getElementsByTagNameNS("*", "configuration");
        for (int i = 0; i < configurations.getLength(); i++) {
            Element configuration = (Element) configurations.item(i);
            if (!pid.equals(configuration.getAttribute("pid"))) {
                continue;
            }
            Map<String, String> values = new HashMap<>();
            NodeList properties = configuration.getElementsByTagNameNS("*", "property");
            for (int j = 0; j < properties.getLength(); j++) {
                Element property = (Element) properties.item(j);
                NodeList value = property.getElementsByTagNameNS("*", "value");
                values.put(property.getAttribute("name"),
                        value.getLength() == 0 ? "" : value.item(0).getTextContent().trim());
            }
            return Optional.of(values);
        }
        return Optional.empty();
    }
}
