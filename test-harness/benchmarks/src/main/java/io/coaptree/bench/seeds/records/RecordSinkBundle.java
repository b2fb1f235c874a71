package io.coaptree.bench.seeds.records;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;

import io.coaptree.bench.seeds.records.sink.RecordSinkActivator;
import io.coaptree.bench.seeds.records.sink.RecordsResource;

/**
 * Builds the record sink as an OSGi bundle at run time, from the sink's classes on this JVM's class path, and
 * installs it into an emulated gateway. Inside the bundle the classes link against the gateway's own
 * {@code io.coaptree.api} and Californium bundles, so the server's whiteboard sees a real {@code ExtendedResource}.
 */
public final class RecordSinkBundle {

    private static final List<Class<?>> CLASSES = List.of(RecordSinkActivator.class, RecordsResource.class);
    private static final List<String> NESTED = List.of("RecordsResource$DeviceRecord");

    private RecordSinkBundle() {
    }

    /** Installs and starts the sink with {@code devices} device resources. */
    public static Bundle install(BundleContext gateway, int devices) throws IOException, BundleException {
        Bundle bundle = gateway.installBundle("bench:record-sink", new ByteArrayInputStream(jar(devices)));
        bundle.start();
        return bundle;
    }

    static byte[] jar(int devices) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", "io.coaptree.bench.recordsink");
        main.putValue("Bundle-Version", "1.0.0");
        main.putValue("Bundle-Activator", RecordSinkActivator.class.getName());
        main.putValue("Import-Package", "io.coaptree.api, org.eclipse.californium.core, "
                + "org.eclipse.californium.core.coap, org.eclipse.californium.core.server.resources, "
                + "org.osgi.framework");
        main.putValue(RecordSinkActivator.DEVICES_HEADER, Integer.toString(devices));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, manifest)) {
            String packagePath = RecordsResource.class.getPackageName().replace('.', '/') + "/";
            for (Class<?> type : CLASSES) {
                copyClass(jar, packagePath, type.getSimpleName());
            }
            for (String nested : NESTED) {
                copyClass(jar, packagePath, nested);
            }
        }
        return bytes.toByteArray();
    }

    private static void copyClass(JarOutputStream jar, String packagePath, String simpleName) throws IOException {
        String entry = packagePath + simpleName + ".class";
        try (InputStream in = RecordSinkBundle.class.getClassLoader().getResourceAsStream(entry)) {
            if (in == null) {
                throw new IOException("class file " + entry + " not on the class path");
            }
            jar.putNextEntry(new JarEntry(entry));
            in.transferTo(jar);
            jar.closeEntry();
        }
    }
}
