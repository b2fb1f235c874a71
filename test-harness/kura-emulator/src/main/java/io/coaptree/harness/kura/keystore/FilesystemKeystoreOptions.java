package io.coaptree.harness.kura.keystore;

import java.nio.file.Path;
import java.util.Map;

import org.eclipse.kura.KuraErrorCode;
import org.eclipse.kura.KuraException;
import org.eclipse.kura.configuration.Password;
import org.eclipse.kura.crypto.CryptoService;

/** Validated configuration of one file-backed keystore instance; property names are those of Kura's own. */
final class FilesystemKeystoreOptions {

    static final String KEY_PATH = "keystore.path";
    static final String KEY_PASSWORD = "keystore.password";
    static final String DEFAULT_PASSWORD = "changeit";

    private final Path path;
    private final char[] password;

    private FilesystemKeystoreOptions(Path path, char[] password) {
        this.path = path;
        this.password = password;
    }

    static FilesystemKeystoreOptions from(Map<String, Object> properties, CryptoService crypto) throws KuraException {
        Object pathValue = properties.get(KEY_PATH);
        if (!(pathValue instanceof String) || ((String) pathValue).isBlank()) {
            throw new KuraException(KuraErrorCode.CONFIGURATION_REQUIRED_ATTRIBUTE_MISSING, KEY_PATH);
        }
        return new FilesystemKeystoreOptions(Path.of((String) pathValue), password(properties.get(KEY_PASSWORD), crypto));
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

    Path path() {
        return this.path;
    }

    char[] password() {
        return this.password.clone();
    }
}
