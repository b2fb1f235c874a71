package io.coaptree.harness.hierarchy.cloud;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;

import io.coaptree.harness.hierarchy.cloud.bundle.CloudConnectionSettings;

/**
 * A Kura cloud connection with a {@code CloudPublisher} in an emulated gateway, behaving as Kura 5.6's does (see
 * this module's README, "The emulated cloud connection"): Kura's cloud connection bundles are not on Maven Central
 * and so not in the emulated node, and what a component sees of one is a {@code CloudPublisher} service with a
 * {@code kura.service.pid}, selected by its {@code CloudPublisher.target}. This builds that connection's bundle at run
 * time from the classes in {@code cloud.bundle} (linked, inside the node, against the node's own Kura API) and
 * installs it; {@link #connection} drives it.
 */
public final class CloudPublisherBundle {

    /** By name: loading the classes that use Kura's API here would need it on this class path. */
    private static final String PACKAGE = "io/coaptree/harness/hierarchy/cloud/bundle/";
    private static final String ACTIVATOR = "io.coaptree.harness.hierarchy.cloud.bundle.StandInCloudActivator";
    /** The activator's manifest headers. */
    private static final String PID_HEADER = "CoAPTree-CloudPublisher-Pid";
    private static final String SETTINGS_HEADER = "CoAPTree-CloudConnection-Settings";

    private CloudPublisherBundle() {
    }

    /** Installs and starts a cloud connection whose publisher is registered with {@code kura.service.pid=pid}. */
    public static Bundle install(BundleContext gateway, String pid, CloudConnectionSettings settings)
            throws IOException, BundleException {
        Bundle bundle = gateway.installBundle("harness:cloud-publisher-" + pid,
                new ByteArrayInputStream(jar(pid, settings)));
        bundle.start();
        return bundle;
    }

    /** The connection of the publisher {@code pid} in {@code gateway}, to drive and read. */
    public static CloudConnection connection(BundleContext gateway, String pid) {
        return new CloudConnection(gateway, pid);
    }

    /** What the cloud received from the publisher {@code pid} in {@code gateway}, oldest first. */
    public static List<Map<String, Object>> messages(BundleContext gateway, String pid) {
        return connection(gateway, pid).received();
    }

    static byte[] jar(String pid, CloudConnectionSettings settings) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", "io.coaptree.harness.cloudpublisher." + pid.replaceAll("[^A-Za-z0-9]", ""));
        main.putValue("Bundle-Version", "1.0.0");
        main.putValue("Bundle-Activator", ACTIVATOR);
        main.putValue("Import-Package", "org.eclipse.kura;version=\"[1.7,2)\","
                + "org.eclipse.kura.cloudconnection.listener;version=\"[1.0,2)\","
                + "org.eclipse.kura.cloudconnection.message;version=\"[1.0,2)\","
                + "org.eclipse.kura.cloudconnection.publisher;version=\"[1.0,2)\","
                + "org.eclipse.kura.message;version=\"[1.5,2)\",org.osgi.framework");
        main.putValue(PID_HEADER, pid);
        main.putValue(SETTINGS_HEADER, settings.header());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, manifest)) {
            for (String entry : classFiles()) {
                try (InputStream in = CloudPublisherBundle.class.getClassLoader().getResourceAsStream(entry)) {
                    if (in == null) {
                        throw new IOException("class file " + entry + " not on the class path");
                    }
                    jar.putNextEntry(new JarEntry(entry));
                    in.transferTo(jar);
                    jar.closeEntry();
                }
            }
        }
        return bytes.toByteArray();
    }

    /** Every class file of the bundle's package (nested types and all), from wherever this class was loaded. */
    private static List<String> classFiles() throws IOException {
        List<String> entries = new ArrayList<>();
        try {
            Path location = Path.of(CloudPublisherBundle.class.getProtectionDomain().getCodeSource().getLocation()
                    .toURI());
            if (Files.isDirectory(location)) {
                try (Stream<Path> files = Files.list(location.resolve(PACKAGE))) {
                    files.map(f -> PACKAGE + f.getFileName()).filter(e -> e.endsWith(".class")).forEach(entries::add);
                }
            } else {
                try (JarFile jar = new JarFile(location.toFile())) {
                    for (Enumeration<JarEntry> all = jar.entries(); all.hasMoreElements();) {
                        String name = all.nextElement().getName();
                        if (name.startsWith(PACKAGE) && name.endsWith(".class")
                                && name.indexOf('/', PACKAGE.length()) < 0) {
                            entries.add(name);
                        }
                    }
                }
            }
        } catch (URISyntaxException e) {
            throw new IOException("cannot locate the classes of " + PACKAGE, e);
        }
        if (entries.isEmpty()) {
            throw new IOException("no class files under " + PACKAGE);
        }
        return entries;
    }
}
