package io.coaptree.harness.kura.snapshot;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Kura's snapshot format (esf:configurations), read and written. Kura's parser matches the esf: prefix literally,
 * so a file with another prefix is refused with a message saying so, as it would be useless on a gateway.
 */
public final class SnapshotXml {

    public static final String NAMESPACE = "http://eurotech.com/esf/2.0";
    private static final String OCD_NAMESPACE = "http://www.osgi.org/xmlns/metatype/v1.2.0";

    private SnapshotXml() {
    }

    public static List<SnapshotConfiguration> read(String xml, String source) throws IOException {
        return read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), source);
    }

    public static List<SnapshotConfiguration> read(InputStream in, String source) throws IOException {
        Element root = XmlDocuments.parse(in).getDocumentElement();
        if (!"esf:configurations".equals(root.getTagName())) {
            throw new IOException(source + ": root element must be <esf:configurations>, found <" + root.getTagName()
                    + ">");
        }
        if (!NAMESPACE.equals(root.getAttribute("xmlns:esf"))) {
            throw new IOException(source + ": the esf prefix must be bound to " + NAMESPACE);
        }
        List<SnapshotConfiguration> configurations = new ArrayList<>();
        for (Element configuration : children(root, "configuration", source)) {
            configurations.add(configuration(configuration, source));
        }
        return configurations;
    }

    /** The snapshot text Kura writes (before it encrypts the whole file). Passwords must be ciphertexts. */
    public static String write(List<SnapshotConfiguration> configurations) {
        StringBuilder xml = new StringBuilder();
        xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.append("<esf:configurations xmlns:esf=\"").append(NAMESPACE).append("\" xmlns:ocd=\"")
                .append(OCD_NAMESPACE).append("\">\n");
        for (SnapshotConfiguration configuration : configurations) {
            xml.append("  <esf:configuration pid=\"").append(escape(configuration.pid())).append("\">\n");
            xml.append("    <esf:properties>\n");
            for (Map.Entry<String, Object> property : configuration.properties().entrySet()) {
                // Kura's writer skips values of types a snapshot cannot hold; so does this one.
                if (ScalarType.holds(property.getValue())) {
                    writeProperty(xml, property.getKey(), property.getValue());
                }
            }
            xml.append("    </esf:properties>\n");
            xml.append("  </esf:configuration>\n");
        }
        xml.append("</esf:configurations>\n");
        return xml.toString();
    }

    private static void writeProperty(StringBuilder xml, String name, Object value) {
        boolean array = value.getClass().isArray();
        Object first = array ? (Array.getLength(value) > 0 ? Array.get(value, 0) : "") : value;
        ScalarType type = ScalarType.of(array ? value.getClass().getComponentType() : first.getClass());
        xml.append("      <esf:property name=\"").append(escape(name)).append("\" array=\"").append(array)
                .append("\" encrypted=\"").append(type == ScalarType.PASSWORD).append("\" type=\"")
                .append(type.kuraName).append("\">\n");
        int length = array ? Array.getLength(value) : 1;
        for (int i = 0; i < length; i++) {
            Object item = array ? Array.get(value, i) : value;
            String text = item instanceof PasswordValue password ? password.text() : String.valueOf(item);
            xml.append("        <esf:value>").append(escape(text)).append("</esf:value>\n");
        }
        xml.append("      </esf:property>\n");
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static SnapshotConfiguration configuration(Element element, String source) throws IOException {
        String pid = element.getAttribute("pid");
        if (pid.isBlank()) {
            throw new IOException(source + ": <esf:configuration> without pid");
        }
        Map<String, Object> properties = new LinkedHashMap<>();
        for (Element propertiesElement : children(element, "properties", source)) {
            for (Element property : children(propertiesElement, "property", source)) {
                String name = property.getAttribute("name");
                if (name.isBlank()) {
                    throw new IOException(source + ": a property of " + pid + " has no name");
                }
                properties.put(name, value(property, pid, source));
            }
        }
        return new SnapshotConfiguration(pid, properties);
    }

    private static Object value(Element property, String pid, String source) throws IOException {
        String name = property.getAttribute("name");
        String type = property.getAttribute("type");
        boolean array = Boolean.parseBoolean(property.getAttribute("array"));
        boolean encrypted = Boolean.parseBoolean(property.getAttribute("encrypted"));
        List<String> texts = new ArrayList<>();
        for (Element value : children(property, "value", source)) {
            texts.add(value.getTextContent());
        }
        String where = source + ": property " + pid + "/" + name;
        if (!array && texts.size() != 1) {
            throw new IOException(where + " must have exactly one <esf:value> (array=\"false\")");
        }
        ScalarType scalar = ScalarType.of(type, where);
        Object[] values = (Object[]) Array.newInstance(scalar.javaType, texts.size());
        for (int i = 0; i < texts.size(); i++) {
            String text = texts.get(i);
            try {
                values[i] = scalar == ScalarType.PASSWORD ? new PasswordValue(text, encrypted) : scalar.parse(text);
            } catch (IllegalArgumentException e) {
                throw new IOException(where + ": '" + text + "' is not a valid " + type, e);
            }
        }
        return array ? values : values[0];
    }

    private static List<Element> children(Element parent, String localName, String source) throws IOException {
        List<Element> found = new ArrayList<>();
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            Node node = nodes.item(i);
            if (!(node instanceof Element)) {
                continue;
            }
            String tag = ((Element) node).getTagName();
            if (tag.equals("esf:" + localName)) {
                found.add((Element) node);
            } else if (tag.endsWith(":" + localName) || tag.equals(localName)) {
                throw new IOException(source + ": <" + tag + "> must be written <esf:" + localName
                        + ">; Kura requires the esf: prefix literally");
            }
        }
        return found;
    }

    /** Kura's configuration value types and the Java types they are read into. */
    private enum ScalarType {
        STRING("String", String.class),
        PASSWORD("Password", PasswordValue.class),
        LONG("Long", Long.class),
        DOUBLE("Double", Double.class),
        FLOAT("Float", Float.class),
        INTEGER("Integer", Integer.class),
        BYTE("Byte", Byte.class),
        CHAR("Char", Character.class),
        BOOLEAN("Boolean", Boolean.class),
        SHORT("Short", Short.class);

        private final String kuraName;
        private final Class<?> javaType;

        ScalarType(String kuraName, Class<?> javaType) {
            this.kuraName = kuraName;
            this.javaType = javaType;
        }

        static ScalarType of(String kuraName, String where) throws IOException {
            for (ScalarType type : values()) {
                if (type.kuraName.equals(kuraName)) {
                    return type;
                }
            }
            throw new IOException(where + " has unknown type '" + kuraName + "'");
        }

        static boolean holds(Object value) {
            if (value == null) {
                return false;
            }
            Class<?> type = value.getClass().isArray() ? value.getClass().getComponentType() : value.getClass();
            for (ScalarType scalar : values()) {
                if (scalar.javaType.equals(type)) {
                    return true;
                }
            }
            return false;
        }

        static ScalarType of(Class<?> javaType) {
            for (ScalarType type : values()) {
                if (type.javaType.equals(javaType)) {
                    return type;
                }
            }
            throw new IllegalArgumentException("no Kura type for " + javaType.getName());
        }

        Object parse(String text) {
            switch (this) {
            case STRING:
                return text;
            case LONG:
                return Long.valueOf(text.trim());
            case DOUBLE:
                return Double.valueOf(text.trim());
            case FLOAT:
                return Float.valueOf(text.trim());
            case INTEGER:
                return Integer.valueOf(text.trim());
            case BYTE:
                return Byte.valueOf(text.trim());
            case SHORT:
                return Short.valueOf(text.trim());
            case CHAR:
                if (text.length() != 1) {
                    throw new IllegalArgumentException("a Char holds exactly one character");
                }
                return text.charAt(0);
            case BOOLEAN:
                if (!"true".equalsIgnoreCase(text.trim()) && !"false".equalsIgnoreCase(text.trim())) {
                    throw new IllegalArgumentException("a Boolean is true or false");
                }
                return Boolean.valueOf(text.trim());
            default:
                throw new IllegalStateException(name());
            }
        }
    }
}
