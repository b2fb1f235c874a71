package io.coaptree.harness.node;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Logging as Kura sets it up. Kura 5.6 logs through log4j 2 and ships a fragment of log4j-api, "log4j2-api-config"
 * 1.6.0 (built by Kura, not on Maven Central), that names log4j-core as the provider and lets log4j-api load it;
 * without it log4j-api finds no provider inside OSGi. The node builds the same fragment in memory. The
 * configuration comes, as on Kura, from the JVM-wide system property log4j.configurationFile; unless the caller
 * set it, the node points it at its own kura-runtime/log4j2.xml (levels from coaptree.log.level and
 * coaptree.log.level.libraries, default info).
 */
final class Log4jApiConfig {

    static final String SYMBOLIC_NAME = "log4j2-api-config";
    static final String VERSION = "1.6.0";
    static final String LOCATION = RuntimeBundles.LOCATION_PREFIX + SYMBOLIC_NAME + ".jar";
    private static final String CONFIGURATION_PROPERTY = "log4j.configurationFile";

    private Log4jApiConfig() {
    }

    /** The fragment's bytes: a manifest and META-INF/log4j-provider.properties. */
    static InputStream fragment() {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", SYMBOLIC_NAME);
        main.putValue("Bundle-Version", VERSION);
        main.putValue("Fragment-Host", "org.apache.logging.log4j.api");
        main.putValue("DynamicImport-Package", "*;resolution:=optional");
        String provider = "LoggerContextFactory = org.apache.logging.log4j.core.impl.Log4jContextFactory\n"
                + "Log4jAPIVersion = 2.23.1\nFactoryPriority = 10\n";
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, manifest)) {
            jar.putNextEntry(new JarEntry("META-INF/log4j-provider.properties"));
            jar.write(provider.getBytes(StandardCharsets.ISO_8859_1));
            jar.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new java.io.ByteArrayInputStream(bytes.toByteArray());
    }

    /** Points log4j at the node's configuration unless the JVM already names one. */
    static synchronized void configureOnce() {
        if (System.getProperty(CONFIGURATION_PROPERTY) != null) {
            return;
        }
        try (InputStream in = RuntimeBundles.open("log4j2.xml")) {
            Path file = Files.createTempFile("coaptree-log4j2-", ".xml");
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            System.setProperty(CONFIGURATION_PROPERTY, file.toUri().toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the node's log4j configuration", e);
        }
    }
}
