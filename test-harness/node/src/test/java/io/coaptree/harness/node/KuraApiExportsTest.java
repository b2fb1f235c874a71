package io.coaptree.harness.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.util.TreeMap;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarInputStream;

import org.junit.jupiter.api.Test;

import aQute.bnd.header.OSGiHeader;

/** The Kura API stand-in must export exactly Kura 5.6 / 6.0's package versions, or imports resolve here and not there. */
class KuraApiExportsTest {

    @Test
    void exportsOnlyPackagesKuraExportsAtKurasVersions() throws Exception {
        Attributes manifest;
        try (InputStream in = RuntimeBundles.open("org.eclipse.kura.api.jar"); JarInputStream jar = new JarInputStream(in)) {
            manifest = jar.getManifest().getMainAttributes();
        }
        assertEquals("org.eclipse.kura.api", manifest.getValue("Bundle-SymbolicName").split(";")[0]);
        assertEquals("2.8.0", manifest.getValue("Bundle-Version"));

        Map<String, String> kura = new TreeMap<>();
        KuraRelease.kura56().exports().stream().filter(e -> e.bundle().equals("org.eclipse.kura.api"))
                .forEach(e -> kura.put(e.packageName(), e.version()));
        Map<String, String> ours = new TreeMap<>();
        OSGiHeader.parseHeader(manifest.getValue("Export-Package"))
                .forEach((name, attrs) -> ours.put(name, attrs.getVersion()));
        assertTrue(ours.containsKey("org.eclipse.kura.configuration.metatype"), ours.toString());
        ours.forEach((name, version) -> assertEquals(kura.get(name), version,
                name + ": the stand-in must export what Kura 5.6's API exports"));
    }
}
