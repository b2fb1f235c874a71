package io.coaptree.server.dtls;

import io.coaptree.server.options.InvalidOptionException;

/** Where the DTLS endpoint's certificates come from ({@value DtlsOptions#CERTIFICATE_SOURCE}). */
public enum CertificateSource {
    /** No certificates: PSK only. */
    NONE("none"),
    /** PKCS12/JKS files given by path and password ({@code dtls.keystore.*}, {@code dtls.truststore.*}). */
    FILES("files"),
    /** Kura KeystoreService instances picked with {@code KeystoreService.target} / {@code TruststoreKeystoreService.target}. */
    KURA_KEYSTORE("kura-keystore");

    private final String value;

    CertificateSource(String value) {
        this.value = value;
    }

    /** @return the metatype option value */
    public String value() {
        return value;
    }

    static CertificateSource parse(String text) {
        for (CertificateSource source : values()) {
            if (source.value.equalsIgnoreCase(text.trim())) {
                return source;
            }
        }
        throw new InvalidOptionException(DtlsOptions.CERTIFICATE_SOURCE,
                "'" + text + "' is not one of none, files, kura-keystore");
    }
}
