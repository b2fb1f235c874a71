package io.coaptree.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.osgi.framework.Version;

/**
 * Makes the next release of a built deployment package, as the next build would: the package version and the
 * version of each of our bundles (io.coaptree.*) one micro step up, the third-party bundles as they are.
 */
final class DeploymentPackageVersions {

    private static final String OURS = "io.coaptree.";

    private DeploymentPackageVersions() {
    }

    static Path nextMicro(Path dp, Path out) throws IOException {
        try (InputStream in = Files.newInputStream(dp); JarInputStream jar = new JarInputStream(in)) {
            Manifest manifest = new Manifest(jar.getManifest());
            Attributes main = manifest.getMainAttributes();
            main.putValue("DeploymentPackage-Version", next(main.getValue("DeploymentPackage-Version")));
            for (Attributes section : manifest.getEntries().values()) {
                String bsn = section.getValue("Bundle-SymbolicName");
                if (bsn != null && bsn.startsWith(OURS)) {
                    section.putValue("Bundle-Version", next(section.getValue("Bundle-Version")));
                }
            }
            try (OutputStream file = Files.newOutputStream(out); JarOutputStream next = new JarOutputStream(file,
                    manifest)) {
                for (JarEntry entry = jar.getNextJarEntry(); entry != null; entry = jar.getNextJarEntry()) {
                    Attributes section = manifest.getAttributes(entry.getName());
                    byte[] bytes = jar.readAllBytes();
                    if (section != null && section.getValue("Bundle-SymbolicName").startsWith(OURS)) {
                        bytes = withBundleVersion(bytes, section.getValue("Bundle-Version"));
                    }
                    next.putNextEntry(new JarEntry(entry.getName()));
                    next.write(bytes);
                    next.closeEntry();
                }
            }
        }
        return out;
    }

    private static byte[] withBundleVersion(byte[] bundle, String version) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarInputStream in = new JarInputStream(new java.io.ByteArrayInputStream(bundle))) {
            Manifest manifest = new Manifest(in.getManifest());
            manifest.getMainAttributes().putValue("Bundle-Version", version);
            try (JarOutputStream out = new JarOutputStream(bytes, manifest)) {
                for (JarEntry entry = in.getNextJarEntry(); entry != null; entry = in.getNextJarEntry()) {
                    out.putNextEntry(new JarEntry(entry.getName()));
                    in.transferTo(out);
                    out.closeEntry();
                }
            }
        }
        return bytes.toByteArray();
    }

    static String next(String version) {
        Version v = Version.parseVersion(version);
        return new Version(v.getMajor(), v.getMinor(), v.getMicro() + 1, v.getQualifier()).toString();
    }
}
