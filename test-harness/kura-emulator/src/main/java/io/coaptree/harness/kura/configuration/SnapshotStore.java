package io.coaptree.harness.kura.configuration;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.eclipse.kura.KuraErrorCode;
import org.eclipse.kura.KuraException;
import org.eclipse.kura.crypto.CryptoService;

import io.coaptree.harness.kura.snapshot.SnapshotConfiguration;
import io.coaptree.harness.kura.snapshot.SnapshotXml;

/**
 * The snapshot files in kura.snapshots, as Kura keeps them: snapshot_&lt;id&gt;.xml, the whole XML encrypted with
 * the CryptoService, the newest holding the configuration the gateway boots with, only the newest N kept. A
 * provisioning file written in plain XML (as Kura's distribution ships snapshot_0.xml) is encrypted in place the
 * first time it is read, as Kura does when every snapshot is still plain.
 */
final class SnapshotStore {

    private static final Pattern FILE_NAME = Pattern.compile("snapshot_(\\d+)\\.xml");

    private final Path folder;
    private final int keep;
    private final CryptoService crypto;

    SnapshotStore(Path folder, int keep, CryptoService crypto) {
        this.folder = folder;
        this.keep = Math.max(1, keep);
        this.crypto = crypto;
    }

    TreeSet<Long> ids() throws KuraException {
        TreeSet<Long> ids = new TreeSet<>();
        if (!Files.isDirectory(this.folder)) {
            return ids;
        }
        try (Stream<Path> files = Files.list(this.folder)) {
            files.forEach(file -> {
                Matcher name = FILE_NAME.matcher(file.getFileName().toString());
                if (name.matches()) {
                    ids.add(Long.parseLong(name.group(1)));
                }
            });
        } catch (IOException e) {
            throw new KuraException(KuraErrorCode.CONFIGURATION_SNAPSHOT_LISTING, e);
        }
        return ids;
    }

    List<SnapshotConfiguration> read(long id) throws KuraException {
        Path file = file(id);
        if (!Files.isRegularFile(file)) {
            throw new KuraException(KuraErrorCode.CONFIGURATION_SNAPSHOT_NOT_FOUND, file);
        }
        try {
            String content = Files.readString(file, StandardCharsets.UTF_8);
            String xml;
            if (content.stripLeading().startsWith("<")) {
                xml = content;
                write(file, xml);
            } else {
                xml = new String(this.crypto.decryptAes(content.trim().toCharArray()));
            }
            return SnapshotXml.read(xml, file.toString());
        } catch (IOException e) {
            throw new KuraException(KuraErrorCode.CONFIGURATION_SNAPSHOT_LOADING, e);
        }
    }

    /** Writes a new snapshot with an id never in the past of the newest one, then drops the oldest beyond N. */
    long save(List<SnapshotConfiguration> configurations) throws KuraException {
        TreeSet<Long> ids = ids();
        long id = System.currentTimeMillis();
        if (!ids.isEmpty() && id <= ids.last()) {
            id = ids.last() + 1;
        }
        try {
            Files.createDirectories(this.folder);
            write(file(id), SnapshotXml.write(configurations));
            ids.add(id);
            while (ids.size() > this.keep) {
                Files.deleteIfExists(file(ids.pollFirst()));
            }
        } catch (IOException e) {
            throw new KuraException(KuraErrorCode.CONFIGURATION_SNAPSHOT_TAKING, e);
        }
        return id;
    }

    private void write(Path file, String xml) throws KuraException, IOException {
        char[] encrypted = this.crypto.encryptAes(xml.toCharArray());
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(temporary, new String(encrypted), StandardCharsets.UTF_8);
        Files.move(temporary, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private Path file(long id) {
        return this.folder.resolve("snapshot_" + id + ".xml");
    }
}
