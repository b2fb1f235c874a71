package org.eclipse.kura.configuration;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Holder for a Password-typed configuration value as Kura's configuration layer uses it. Components normally
 * receive Password attributes as an encrypted String; this type appears in snapshots and Kura's own APIs.
 */
@ProviderType
public class Password {

    private char[] passwordVal;

    public Password(String password) {
        super();
        if (password != null) {
            this.passwordVal = password.toCharArray();
        }
    }

    public Password(char[] password) {
        super();
        this.passwordVal = password;
    }

    public char[] getPassword() {
        return this.passwordVal;
    }

    @Override
    public String toString() {
        return new String(this.passwordVal);
    }
}
