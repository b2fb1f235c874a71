package io.coaptree.harness.kura.keystore;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

import org.eclipse.kura.KuraErrorCode;
import org.eclipse.kura.KuraException;
import org.eclipse.kura.configuration.Password;
import org.eclipse.kura.crypto.CryptoService;

/** Validated configuration of one file-backed keystore instance; property names are those of Kura's own. */
final class FilesystemKeystoreOptions {

    static final String KEY_PATH = "keystore.path";
    static final String KEY_PASSWORD = "keystore.password";
    static final String KEY_RANDOMIZE = "randomize.password";
    /** Kura's default when a configuration has no password: the password Kura's keystores ship with. */
    static final String DEFAULT_PASSWORD = "changeit";

    private final String pid;
    private final Path path;
    private final char[] password;
    private final boolean randomize;

    private FilesystemKeystoreOptions(String pid, Path path, char[] password, boolean randomize) {
        this.pid = pid;
        this.path = path;
        this.password = password;
        this.randomize = randomize;
    }

    static FilesystemKeystoreOptions from(Map<String, Object> properties, CryptoService crypto) throws KuraException {
        Object pathValue = properties.get(KEY_PATH);
        if (!(pathValue instanceof String) || ((String) pathValue).isBlank()) {
            throw new KuraException(KuraErrorCode.CONFIGURATION_REQUIRED_ATTRIBUTE_MISSING, KEY_PATH);
        }
        return new FilesystemKeystoreOptions(Objects.toString(properties.get("kura.service.pid"), null),
                Path.of((String) pathValue).toAbsolutePath(), password(properties.get(KEY_PASSWORD), crypto),
                Boolean.TRUE.equals(properties.get(KEY_RANDOMIZE)));
    }

    /**
     * Kura stores Password attributes encrypted, but a metatype default ("changeit") arrives in plain until the
     * configuration is first saved: accept both, as Kura's keystore does.
     */
    private static char[] password(Object value, CryptoService crypto) {
        if (value == null) {
            return DEFAULT_PASSWORD.toCharArray();
        }
        char[] text = value instanceof Password ? ((Password) value).getPassword() : value.toString().toCharArray();
        try {
            return crypto.decryptAes(text);
        } catch (KuraException notEncrypted) {
            return text;
        }
    }

    /** {@code kura.service.pid}: the name the ConfigurationService knows this instance by. */
    String pid() {
        return this.pid;
    }

    Path path() {
        return this.path;
    }

    char[] password() {
        return this.password.clone();
    }

    /** Whether the password is to be replaced by a random one when the keystore is activated (Kura's first boot). */
    boolean randomize() {
        return this.randomize;
    }

    boolean samePassword(FilesystemKeystoreOptions other) {
        return Arrays.equals(this.password, other.password);
    }
}
