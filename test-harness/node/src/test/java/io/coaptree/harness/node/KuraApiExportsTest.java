package io.coaptree.harness.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarInputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** The Kura API stand-in must export exactly Kura 5.6 / 6.0's package versions, or imports resolve here and not there. */
class KuraApiExportsTest {

    private static final Pattern VERSION = Pattern.compile(";\\s*version\\s*=\\s*\"?([0-9.]+)\"?");

    @Test
    void exportsKuraPackageVersions() throws Exception {
        Attributes manifest;
        try (InputStream in = RuntimeBundles.open("org.eclipse.kura.api.jar"); JarInputStream jar = new JarInputStream(in)) {
            manifest = jar.getManifest().getMainAttributes();
        }
        assertEquals("org.eclipse.kura.api", manifest.getValue("Bundle-SymbolicName").split(";")[0]);
        assertEquals("2.8.0", manifest.getValue("Bundle-Version"));

        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("org.eclipse.kura", "1.7.0");
        expected.put("org.eclipse.kura.configuration", "1.2.0");
        expected.put("org.eclipse.kura.crypto", "1.3.0");
        expected.put("org.eclipse.kura.data", "1.1.2");
        expected.put("org.eclipse.kura.data.listener", "1.0.1");
        expected.put("org.eclipse.kura.data.transport.listener", "1.0.1");
        expected.put("org.eclipse.kura.security.keystore", "1.2.0");
        expected.put("org.eclipse.kura.ssl", "2.1.0");
        expected.put("org.eclipse.kura.system", "1.7.0");
        assertEquals(expected, exports(manifest.getValue("Export-Package")));
    }

    /** Package name to version from an Export-Package header (clauses split on commas outside quotes). */
    private static Map<String, String> exports(String header) {
        Map<String, String> exports = new LinkedHashMap<>();
        for (String clause : clauses(header)) {
            String name = clause.split(";")[0].trim();
            Matcher version = VERSION.matcher(clause);
            exports.put(name, version.find() ? version.group(1) : "0.0.0");
        }
        return exports;
    }

    private static List<String> clauses(String header) {
        List<String> clauses = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (char c : header.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == ',' && !quoted) {
                clauses.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        clauses.add(current.toString());
        return clauses;
    }
}
