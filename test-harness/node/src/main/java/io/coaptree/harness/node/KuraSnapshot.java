package io.coaptree.harness.node;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * A Kura configuration snapshot (kura-config/*.xml, the esf: format) read the way Kura's ConfigurationService
 * reads it. The esf: prefix is required literally, as in Kura; values get the Java type their type attribute
 * names; Password values stay encrypted (a Password marked encrypted="false" is encrypted on load, as Kura does).
 */
final class KuraSnapshot {

    static final String NAMESPACE = "http://eurotech.com/esf/2.0";
    static final String KURA_SERVICE_PID = "kura.service.pid";
    static final String SERVICE_FACTORY_PID = "service.factoryPid";
    static final String SERVICE_PID = "service.pid";

    /** One esf:configuration: its pid, the factory it instantiates (null for a singleton) and its properties. */
    record Configuration(String pid, String factoryPid, Map<String, Object> properties) {
    }

    private KuraSnapshot() {
    }

    static List<Configuration> read(Path file, UnaryOperator<String> encryptPassword) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString(), encryptPassword);
        }
    }

    static List<Configuration> read(InputStream in, String source, UnaryOperator<String> encryptPassword)
            throws IOException {
        Element root = XmlDocuments.parse(in).getDocumentElement();
        if (!"esf:configurations".equals(root.getTagName())) {
            throw new IOException(source + ": root element must be <esf:configurations>, found <" + root.getTagName()
                    + ">");
        }
        if (!NAMESPACE.equals(root.getAttribute("xmlns:esf"))) {
            throw new IOException(source + ": the esf prefix must be bound to " + NAMESPACE);
        }
        List<Configuration> configurations = new ArrayList<>();
        for (Element configuration : children(root, "configuration", source)) {
            configurations.add(configuration(configuration, source, encryptPassword));
        }
        return configurations;
    }

    private static Configuration configuration(Element element, String source, UnaryOperator<String> encryptPassword)
            throws IOException {
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
                properties.put(name, value(property, pid, source, encryptPassword));
            }
        }
        Object factoryPid = properties.remove(SERVICE_FACTORY_PID);
        properties.remove(SERVICE_PID);
        properties.putIfAbsent(KURA_SERVICE_PID, pid);
        return new Configuration(pid, factoryPid == null ? null : factoryPid.toString(), properties);
    }

    private static Object value(Element property, String pid, String source, UnaryOperator<String> encryptPassword)
            throws IOException {
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
        Object[] values = scalar.newArray(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            String text = texts.get(i);
            if (scalar == ScalarType.PASSWORD && !encrypted) {
                text = encryptPassword.apply(text);
            }
            try {
                values[i] = scalar.parse(text);
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

    /** Kura's configuration value types and the Java types ConfigAdmin receives for them. */
    enum ScalarType {
        STRING("String", String.class),
        PASSWORD("Password", String.class),
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

        Object[] newArray(int length) {
            return (Object[]) java.lang.reflect.Array.newInstance(this.javaType, length);
        }

        Object parse(String text) {
            switch (this) {
            case STRING:
            case PASSWORD:
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
