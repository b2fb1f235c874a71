package io.coaptree.harness.node;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import io.coaptree.harness.node.MetatypeDocument.AttributeDefinition;
import io.coaptree.harness.node.MetatypeDocument.Designate;
import io.coaptree.harness.node.MetatypeDocument.ObjectClassDefinition;

import io.coaptree.harness.kura.snapshot.XmlDocuments;

/**
 * Checks a bundle's metatype against what the Kura WebUI needs: OCD id = file name = DS component name =
 * configuration PID, a Designate for it, only Kura's attribute types, secrets typed Password, defaults that parse,
 * unprefixed elements, and a metatype for every component registered as a ConfigurableComponent, which must use
 * configuration-policy=require and must not declare service.pid in a DS 1.3+ descriptor (Kura's tracking rules).
 */
public final class MetatypeCheck {

    static final List<String> KURA_AD_TYPES = List.of("String", "Long", "Double", "Float", "Integer", "Byte", "Char",
            "Boolean", "Short", "Password");

    private static final String METATYPE_DIR = "OSGI-INF/metatype/";
    private static final String CONFIGURABLE_COMPONENT = "org.eclipse.kura.configuration.ConfigurableComponent";

    /** Words that make an attribute a secret. */
    private static final Set<String> SECRET_WORDS = Set.of("password", "passwd", "pwd", "passphrase", "secret", "key",
            "token", "psk");
    /** A trailing word that says the attribute describes a secret rather than holds one (key.alias, psk.identity). */
    private static final Set<String> DESCRIPTIVE_SUFFIXES = Set.of("alias", "path", "file", "target", "size", "length",
            "type", "algorithm", "identity", "id", "name", "enabled", "count", "interval", "url", "uri", "store",
            "format", "hint", "topic", "timeout", "user", "username", "mode", "policy");
    private static final Pattern DS_NAMESPACE = Pattern.compile("xmlns/scr/v(\\d+)\\.(\\d+)");
    private static final Pattern WORD_BOUNDARY = Pattern.compile("[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])");

    private MetatypeCheck() {
    }

    /** Every rule the bundle breaks, one readable line each; empty when Kura will render all its components. */
    public static List<String> violations(Path bundleJar) {
        try (JarFile jar = new JarFile(bundleJar.toFile())) {
            return check(jar);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read bundle " + bundleJar, e);
        }
    }

    /**
     * A DS component: its name, configuration pid, services, configuration policy, whether it declares service.pid
     * as a property, and whether its descriptor is DS 1.3 or later (namespace scr/v1.3.0 and up).
     */
    private record Component(String name, String configurationPid, List<String> provides, String policy,
            boolean declaresServicePid, boolean ds13OrLater, boolean hasModified) {
    }

    private static List<String> check(JarFile jar) throws IOException {
        List<String> violations = new ArrayList<>();
        Map<String, Component> components = components(jar, violations);
        Map<String, String> metatypeFiles = new LinkedHashMap<>();
        Enumeration<JarEntry> entries = jar.entries();
        while (entries.hasMoreElements()) {
            JarEntry entry = entries.nextElement();
            String name = entry.getName();
            if (name.startsWith(METATYPE_DIR) && name.endsWith(".xml") && !entry.isDirectory()) {
                metatypeFiles.put(name.substring(METATYPE_DIR.length(), name.length() - ".xml".length()), name);
            }
        }
        for (Map.Entry<String, String> file : metatypeFiles.entrySet()) {
            checkMetatype(jar, file.getValue(), file.getKey(), components, violations);
        }
        for (Component component : components.values()) {
            if (component.provides().contains(CONFIGURABLE_COMPONENT)
                    && !metatypeFiles.containsKey(component.name())) {
                violations.add("component " + component.name() + " registers ConfigurableComponent but has no "
                        + METATYPE_DIR + component.name() + ".xml: the WebUI cannot show it");
            }
            if (component.provides().contains(CONFIGURABLE_COMPONENT) && !"require".equals(component.policy())) {
                violations.add("component " + component.name() + " registers ConfigurableComponent with configuration-"
                        + "policy " + component.policy() + ": Kura tracks it only if it has service.pid when it is"
                        + " registered, which configuration-policy=require guarantees");
            }
            if (component.provides().contains(CONFIGURABLE_COMPONENT) && component.declaresServicePid()
                    && component.ds13OrLater()) {
                violations.add("component " + component.name() + " declares a service.pid property in a DS 1.3+"
                        + " descriptor: with a configuration Felix SCR registers both values as a list, which Kura"
                        + " reads as the pid \"[pid, pid]\"");
            }
            if (component.configurationPid() != null && !component.configurationPid().equals(component.name())) {
                violations.add("component " + component.name() + " uses configuration-pid "
                        + component.configurationPid() + ": Kura needs the PID to equal the component name");
            }
        }
        return violations;
    }

    private static void checkMetatype(JarFile jar, String entryName, String fileBase, Map<String, Component> components,
            List<String> violations) throws IOException {
        MetatypeDocument document;
        try (InputStream in = jar.getInputStream(jar.getJarEntry(entryName))) {
            document = MetatypeDocument.parse(in);
        } catch (IOException e) {
            violations.add(entryName + ": " + e.getMessage());
            return;
        }
        for (String prefixed : document.prefixedElements()) {
            violations.add(entryName + ": element <" + prefixed + "> is prefixed; Kura only reads unprefixed names");
        }
        if (document.definitions().size() != 1) {
            violations.add(entryName + ": has " + document.definitions().size() + " OCD elements, Kura expects exactly 1");
        }
        for (ObjectClassDefinition ocd : document.definitions()) {
            String id = ocd.id();
            if (!fileBase.equals(id)) {
                violations.add(entryName + ": OCD id '" + id + "' differs from the file name '" + fileBase + "'");
            }
            if (!components.containsKey(id)) {
                violations.add(entryName + ": no DS component named '" + id + "' (OCD id must equal the component name)");
            }
            Component component = components.get(id);
            boolean factory = document.designates().stream().anyMatch(d -> id.equals(d.factoryPid()));
            if (factory && component != null && component.provides().contains(CONFIGURABLE_COMPONENT)
                    && !component.hasModified()) {
                violations.add("component " + id + " is a factory ConfigurableComponent without a modified method:"
                        + " Kura writes an instance's configuration back each time it registers, so an instance that"
                        + " restarts on every update never settles");
            }
            boolean designated = document.designates().stream()
                    .anyMatch(d -> (id.equals(d.pid()) || id.equals(d.factoryPid())) && d.ocdRefs().contains(id));
            if (!designated) {
                violations.add(entryName + ": no Designate with pid or factoryPid '" + id + "' and Object ocdref '" + id
                        + "'");
            }
            for (AttributeDefinition ad : ocd.attributes()) {
                checkAttribute(entryName, ad, violations);
            }
        }
        for (Designate designate : document.designates()) {
            if (designate.pid() != null && designate.factoryPid() == null && !designate.pid().equals(fileBase)) {
                violations.add(entryName + ": Designate pid '" + designate.pid() + "' differs from the file name");
            }
        }
    }

    private static void checkAttribute(String file, AttributeDefinition ad, List<String> violations) {
        String where = file + ": AD '" + ad.id() + "'";
        if (ad.id() == null || ad.id().isBlank()) {
            violations.add(file + ": an AD has no id");
            return;
        }
        if (!KURA_AD_TYPES.contains(ad.type())) {
            String hint = "Character".equals(ad.type()) ? " (Kura spells it Char)" : "";
            violations.add(where + " has type '" + ad.type() + "'" + hint + "; Kura accepts " + KURA_AD_TYPES);
            return;
        }
        // Only text can hold a secret: a Boolean such as Kura's own randomize.password is fine.
        if ("String".equals(ad.type()) && (looksSecret(ad.id()) || looksSecret(ad.name()))) {
            violations.add(where + " looks like a secret but has type " + ad.type()
                    + ": use Password so Kura stores it encrypted and masks it");
        }
        if (ad.cardinality() != null) {
            try {
                Integer.parseInt(ad.cardinality().trim());
            } catch (NumberFormatException e) {
                violations.add(where + " has cardinality '" + ad.cardinality() + "', not an integer");
            }
        }
        if (ad.defaultValue() != null && !ad.defaultValue().isEmpty()) {
            String[] values = isScalar(ad) ? new String[] { ad.defaultValue() } : ad.defaultValue().split(",");
            for (String value : values) {
                if (!parses(ad.type(), value.trim())) {
                    violations.add(where + " default '" + value + "' is not a valid " + ad.type());
                }
            }
        }
    }

    private static boolean isScalar(AttributeDefinition ad) {
        return ad.cardinality() == null || "0".equals(ad.cardinality().trim());
    }

    static boolean looksSecret(String text) {
        if (text == null || text.isBlank()) {
            return false;
        }
        List<String> words = Arrays.stream(WORD_BOUNDARY.split(text.trim())).filter(w -> !w.isEmpty())
                .map(w -> w.toLowerCase(Locale.ROOT)).toList();
        if (words.isEmpty() || DESCRIPTIVE_SUFFIXES.contains(words.get(words.size() - 1))) {
            return false;
        }
        return words.stream().anyMatch(SECRET_WORDS::contains);
    }

    private static boolean parses(String type, String value) {
        try {
            switch (type) {
            case "Long" -> Long.parseLong(value);
            case "Double" -> Double.parseDouble(value);
            case "Float" -> Float.parseFloat(value);
            case "Integer" -> Integer.parseInt(value);
            case "Byte" -> Byte.parseByte(value);
            case "Short" -> Short.parseShort(value);
            case "Char" -> {
                return value.length() == 1;
            }
            case "Boolean" -> {
                return "true".equalsIgnoreCase(value) || "false".equalsIgnoreCase(value);
            }
            default -> {
                return true;
            }
            }
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** DS components declared through the Service-Component header, by name. */
    private static Map<String, Component> components(JarFile jar, List<String> violations) throws IOException {
        Map<String, Component> components = new LinkedHashMap<>();
        Manifest manifest = jar.getManifest();
        String header = manifest == null ? null : manifest.getMainAttributes().getValue("Service-Component");
        if (header == null) {
            return components;
        }
        for (String path : header.split(",")) {
            String trimmed = path.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            for (String entry : matchingEntries(jar, trimmed)) {
                try (InputStream in = jar.getInputStream(jar.getJarEntry(entry))) {
                    collectComponents(XmlDocuments.parse(in).getDocumentElement(), components);
                } catch (IOException e) {
                    violations.add(entry + ": " + e.getMessage());
                }
            }
        }
        return components;
    }

    /** The descriptor's namespace, as bnd writes it (xmlns:scr on the component or an enclosing element). */
    private static boolean isDs13OrLater(Element component) {
        for (Node node = component; node instanceof Element e; node = node.getParentNode()) {
            Matcher version = DS_NAMESPACE.matcher(e.getAttribute("xmlns:scr") + e.getAttribute("xmlns"));
            if (version.find()) {
                int major = Integer.parseInt(version.group(1));
                int minor = Integer.parseInt(version.group(2));
                return major > 1 || minor >= 3;
            }
        }
        return false;
    }

    private static List<String> matchingEntries(JarFile jar, String path) {
        if (!path.contains("*")) {
            return jar.getJarEntry(path) == null ? List.of() : List.of(path);
        }
        Pattern glob = Pattern.compile(Pattern.quote(path).replace("*", "\\E[^/]*\\Q"));
        return jar.stream().map(JarEntry::getName).filter(n -> glob.matcher(n).matches()).toList();
    }

    private static void collectComponents(Element element, Map<String, Component> components) {
        String tag = element.getTagName();
        if ("component".equals(tag.substring(tag.indexOf(':') + 1))) {
            List<String> provides = new ArrayList<>();
            NodeList provideElements = element.getElementsByTagName("provide");
            for (int i = 0; i < provideElements.getLength(); i++) {
                provides.add(((Element) provideElements.item(i)).getAttribute("interface"));
            }
            String name = element.getAttribute("name");
            String configurationPid = element.hasAttribute("configuration-pid")
                    ? element.getAttribute("configuration-pid")
                    : null;
            boolean declaresServicePid = false;
            NodeList properties = element.getElementsByTagName("property");
            for (int i = 0; i < properties.getLength(); i++) {
                declaresServicePid |= "service.pid".equals(((Element) properties.item(i)).getAttribute("name"));
            }
            String policy = element.hasAttribute("configuration-policy") ? element.getAttribute("configuration-policy")
                    : "optional";
            components.put(name, new Component(name, configurationPid, provides, policy, declaresServicePid,
                    isDs13OrLater(element), element.hasAttribute("modified")));
            return;
        }
        NodeList children = element.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            Node child = children.item(i);
            if (child instanceof Element) {
                collectComponents((Element) child, components);
            }
        }
    }
}
