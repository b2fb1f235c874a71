package io.coaptree.server.core;

import io.coaptree.server.dtls.DtlsCredentials;
import io.coaptree.server.options.DtlsOptions;
import io.coaptree.server.options.ServerOptions;

/** What a DTLS endpoint was built from; compared to skip re-keying when nothing relevant changed. */
record SecureEndpointSettings(ServerOptions shared, DtlsOptions dtls, DtlsCredentials credentials) {
    boolean sameAs(SecureEndpointSettings other) {
        return !shared.sharedSettingsDiffer(other.shared) && dtls.equals(other.dtls)
                && credentials.equals(other.credentials);
    }
}
