package io.coaptree.server.options;

import io.coaptree.properties.ComponentProperties;

/** Where the DTLS endpoint's certificates come from ({@link DtlsOptions#CERTIFICATE_SOURCE}). */
public enum CertificateSource {
    /** No certificates: PSK only. */
    NONE,
    /** PKCS12/JKS files given by path and password ({@code dtls.keystore.*}, {@code dtls.truststore.*}). */
    FILES,
    /** Kura KeystoreService instances picked with {@code KeystoreService.target} / {@code TruststoreKeystoreService.target}. */
    KURA_KEYSTORE;

    /** @return the metatype option value: {@code none}, {@code files} or {@code kura-keystore} */
    public String value() {
        return ComponentProperties.settingOf(this);
    }
}
