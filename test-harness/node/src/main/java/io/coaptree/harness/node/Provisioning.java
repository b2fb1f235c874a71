package io.coaptree.harness.node;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.coaptree.harness.kura.crypto.AesGcmPasswordCipher;
import io.coaptree.harness.kura.snapshot.PasswordValue;
import io.coaptree.harness.kura.snapshot.SnapshotConfiguration;
import io.coaptree.harness.kura.snapshot.SnapshotXml;

/**
 * The configuration a gateway is installed with: Kura's distribution ships snapshot_0.xml, which the
 * ConfigurationService loads at the first boot. The node writes one on the first boot of its storage: the keystore
 * instance every Kura gateway has (SSLKeystore), the snapshots the node was built with (later ones winning per pid)
 * and the node's provisioning values, merged over them per property.
 */
final class Provisioning {

    static final String KEYSTORE_FACTORY_PID = "org.eclipse.kura.core.keystore.FilesystemKeystoreServiceImpl";
    static final String DEFAULT_KEYSTORE_PID = "SSLKeystore";
    private static final String SHIPPED_KEYSTORE_PASSWORD = KuraNode.SHIPPED_KEYSTORE_PASSWORD;

    private final Path snapshots;
    private final Path security;
    private final AesGcmPasswordCipher cipher;

    Provisioning(Path snapshots, Path security, AesGcmPasswordCipher cipher) {
        this.snapshots = snapshots;
        this.security = security;
        this.cipher = cipher;
    }

    void writeIfFirstBoot(List<Path> snapshotFiles, Map<String, Map<String, Object>> configurations)
            throws IOException {
        if (Files.isDirectory(this.snapshots)) {
            try (Stream<Path> files = Files.list(this.snapshots)) {
                if (files.anyMatch(f -> f.getFileName().toString().matches("snapshot_\\d+\\.xml"))) {
                    return;
                }
            }
        }
        Map<String, SnapshotConfiguration> byPid = new LinkedHashMap<>();
        SnapshotConfiguration keystore = defaultKeystore();
        byPid.put(keystore.pid(), keystore);
        for (Path file : snapshotFiles) {
            try (var in = Files.newInputStream(file)) {
                for (SnapshotConfiguration configuration : SnapshotXml.read(in, file.toString())) {
                    byPid.put(configuration.pid(), configuration);
                }
            }
        }
        configurations.forEach((pid, values) -> {
            Map<String, Object> merged = new LinkedHashMap<>();
            SnapshotConfiguration earlier = byPid.get(pid);
            if (earlier != null) {
                merged.putAll(earlier.properties());
            }
            merged.putAll(values);
            byPid.put(pid, new SnapshotConfiguration(pid, merged));
        });
        Files.createDirectories(this.snapshots);
        Files.writeString(this.snapshots.resolve("snapshot_0.xml"), SnapshotXml.write(new ArrayList<>(byPid.values())));
    }

    private SnapshotConfiguration defaultKeystore() {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put(SnapshotConfiguration.SERVICE_FACTORY_PID, KEYSTORE_FACTORY_PID);
        properties.put("kura.service.pid", DEFAULT_KEYSTORE_PID);
        properties.put("keystore.path", this.security.resolve("sslkeystore.p12").toString()); // KuraNode.sslKeystore
        try {
            properties.put("keystore.password",
                    new PasswordValue(this.cipher.encrypt(SHIPPED_KEYSTORE_PASSWORD), true));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM unavailable in this JRE", e);
        }
        // As Kura's distribution: the keystore service gives every gateway a password of its own at the first boot.
        properties.put("randomize.password", Boolean.TRUE);
        return new SnapshotConfiguration(DEFAULT_KEYSTORE_PID, properties);
    }
}
