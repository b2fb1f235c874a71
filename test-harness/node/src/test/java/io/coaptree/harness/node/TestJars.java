package io.coaptree.harness.node;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/** Builds the small bundles and deployment packages the tests need, on the fly. */
final class TestJars {

    private TestJars() {
    }

    /** A jar with the given main manifest headers and text entries. */
    static Path jar(Path file, Map<String, String> headers, Map<String, String> entries) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        headers.forEach((k, v) -> manifest.getMainAttributes().putValue(k, v));
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out, manifest)) {
            for (Map.Entry<String, String> entry : entries.entrySet()) {
                jar.putNextEntry(new JarEntry(entry.getKey()));
                jar.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
                jar.closeEntry();
            }
        }
        return file;
    }

    /** A bundle with no classes; extra headers (e.g. Import-Package) are added to its manifest. */
    static Path bundle(Path file, String symbolicName, String version, Map<String, String> extraHeaders)
            throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Bundle-ManifestVersion", "2");
        headers.put("Bundle-SymbolicName", symbolicName);
        headers.put("Bundle-Version", version);
        headers.putAll(extraHeaders);
        return jar(file, headers, Map.of("readme.txt", "test bundle " + symbolicName));
    }

    /** A deployment package holding one bundle, as osgi-dp lays it out (manifest first, a Name: section per bundle). */
    static Path deploymentPackage(Path file, String name, String version, Path bundle, String bundleSymbolicName,
            String bundleVersion) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("DeploymentPackage-SymbolicName", name);
        manifest.getMainAttributes().putValue("DeploymentPackage-Version", version);
        String entryName = bundle.getFileName().toString();
        Attributes section = new Attributes();
        section.putValue("Bundle-SymbolicName", bundleSymbolicName);
        section.putValue("Bundle-Version", bundleVersion);
        manifest.getEntries().put(entryName, section);
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out, manifest);
                InputStream in = Files.newInputStream(bundle)) {
            jar.putNextEntry(new JarEntry(entryName));
            in.transferTo(jar);
            jar.closeEntry();
        }
        return file;
    }

    /** Copies a bundle packaged in the node jar (kura-runtime/) to a file. */
    static Path runtimeBundle(String fileName, Path dir) throws IOException {
        Path file = dir.resolve(fileName);
        try (InputStream in = RuntimeBundles.open(fileName)) {
            Files.copy(in, file);
        }
        return file;
    }
}
