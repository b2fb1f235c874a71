package io.coaptree.harness.hierarchy.cloud;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/**
 * A Kura {@code CloudPublisher} in an emulated gateway, the way a Kura cloud connection provides one: Kura's cloud
 * connection bundles are not on Maven Central and so not in the emulated node, and what a component sees of them is
 * exactly a {@code CloudPublisher} service with a {@code kura.service.pid}, selected by its
 * {@code CloudPublisher.target}. This builds that service's bundle at run time from the classes in
 * {@code cloud.bundle} (linked, inside the node, against the node's own Kura API) and installs it.
 */
public final class CloudPublisherBundle {

    /** By name: loading them here would need the Kura API on this class path. */
    private static final String PACKAGE = "io.coaptree.harness.hierarchy.cloud.bundle.";
    private static final String ACTIVATOR = PACKAGE + "StandInCloudActivator";
    private static final List<String> CLASSES = List.of(ACTIVATOR, PACKAGE + "StandInCloudPublisher");
    /** The activator's manifest headers. */
    private static final String PID_HEADER = "CoAPTree-CloudPublisher-Pid";
    private static final String FORWARD_HEADER = "CoAPTree-CloudPublisher-Forward";

    private CloudPublisherBundle() {
    }

    /**
     * Installs and starts a publisher registered with {@code kura.service.pid=pid}.
     *
     * @param forwardUdp {@code host:port} that gets every message's body as a datagram, or null
     */
    public static Bundle install(BundleContext gateway, String pid, String forwardUdp)
            throws IOException, BundleException {
        Bundle bundle = gateway.installBundle("harness:cloud-publisher-" + pid,
                new ByteArrayInputStream(jar(pid, forwardUdp)));
        bundle.start();
        return bundle;
    }

    /** What the publisher {@code pid} in {@code gateway} was given, oldest first (see StandInCloudPublisher). */
    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> messages(BundleContext gateway, String pid) {
        try {
            ServiceReference<?>[] refs = gateway.getServiceReferences(Supplier.class.getName(),
                    "(kura.service.pid=" + pid + ")");
            if (refs == null) {
                return List.of();
            }
            Supplier<List<Map<String, Object>>> publisher = (Supplier<List<Map<String, Object>>>) gateway
                    .getService(refs[0]);
            try {
                return publisher.get();
            } finally {
                gateway.ungetService(refs[0]);
            }
        } catch (InvalidSyntaxException e) {
            throw new IllegalArgumentException("pid: " + pid, e);
        }
    }

    static byte[] jar(String pid, String forwardUdp) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", "io.coaptree.harness.cloudpublisher." + pid.replaceAll("[^A-Za-z0-9]", ""));
        main.putValue("Bundle-Version", "1.0.0");
        main.putValue("Bundle-Activator", ACTIVATOR);
        main.putValue("Import-Package", "org.eclipse.kura.cloudconnection.listener;version=\"[1.0,2)\","
                + "org.eclipse.kura.cloudconnection.message;version=\"[1.0,2)\","
                + "org.eclipse.kura.cloudconnection.publisher;version=\"[1.0,2)\","
                + "org.eclipse.kura.message;version=\"[1.5,2)\",org.osgi.framework");
        main.putValue(PID_HEADER, pid);
        if (forwardUdp != null) {
            main.putValue(FORWARD_HEADER, forwardUdp);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, manifest)) {
            for (String type : CLASSES) {
                String entry = type.replace('.', '/') + ".class";
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
}
