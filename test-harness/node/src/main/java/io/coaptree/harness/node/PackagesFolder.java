package io.coaptree.harness.node;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;

/**
 * The node's packages folder, kept like Kura's deployment agent keeps it: a copy of every installed .dp and
 * dpa.properties (package name = file: URL of the copy), read back at start-up to re-install them.
 */
final class PackagesFolder {

    private static final String INDEX = "dpa.properties";

    private final Path folder;

    PackagesFolder(Path folder) {
        this.folder = folder;
    }

    Path copyIn(Path dpFile) throws IOException {
        Files.createDirectories(this.folder);
        Path copy = this.folder.resolve(dpFile.getFileName().toString());
        if (!Files.exists(copy) || !Files.isSameFile(copy, dpFile)) {
            Files.copy(dpFile, copy, StandardCopyOption.REPLACE_EXISTING);
        }
        return copy;
    }

    void record(String packageName, Path copy) throws IOException {
        Properties index = load();
        index.setProperty(packageName, copy.toUri().toString());
        store(index);
    }

    private void store(Properties index) throws IOException {
        Files.createDirectories(this.folder);
        try (OutputStream out = Files.newOutputStream(this.folder.resolve(INDEX))) {
            index.store(out, "deployment packages to install at start-up");
        }
    }

    void forget(String packageName) throws IOException {
        Properties index = load();
        index.remove(packageName);
        store(index);
    }

    /** Recorded package files, in name order. */
    List<Path> recorded() throws IOException {
        Properties index = load();
        List<Path> files = new ArrayList<>();
        for (String name : new TreeSet<>(index.stringPropertyNames())) {
            Path file = Path.of(URI.create(index.getProperty(name)));
            if (Files.exists(file)) {
                files.add(file);
            }
        }
        return files;
    }

    private Properties load() throws IOException {
        Properties index = new Properties();
        Path file = this.folder.resolve(INDEX);
        if (Files.exists(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                index.load(in);
            }
        }
        return index;
    }
}
