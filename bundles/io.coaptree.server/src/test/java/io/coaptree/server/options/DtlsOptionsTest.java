package io.coaptree.server.options;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.coaptree.properties.InvalidPropertyException;

class DtlsOptionsTest {

    private static DtlsOptions from(Object... keyValues) {
        Map<String, Object> p = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            p.put((String) keyValues[i], keyValues[i + 1]);
        }
        return DtlsOptions.fromProperties(p, SecretDecoder.PLAIN);
    }

    private static String refusedField(Object... keyValues) {
        return assertThrows(InvalidPropertyException.class, () -> from(keyValues)).field();
    }

    @Test
    void pskCredentialsAreParsedFromIdentityKeyEntries() {
        DtlsOptions d = from("coaps.enabled", true, "dtls.psk.credentials",
                "sensor-1=secret-one;\nmaint = hex:00112233445566778899aabbccddeeff\n");
        assertEquals(List.of("sensor-1", "maint"), List.copyOf(d.psk().identities()));
        assertArrayEquals("secret-one".getBytes(StandardCharsets.UTF_8), d.psk().key("sensor-1"));
        assertEquals(16, d.psk().key("maint").length);
        assertFalse(d.toString().contains("secret-one"), d.toString());
    }

    @Test
    void aBadPskEntryIsRefusedWithoutShowingTheKey() {
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> from("dtls.psk.credentials", "good=secret-key;bad=abc"));
        assertEquals("dtls.psk.credentials", e.field());
        assertTrue(e.getMessage().contains("entry 2"), e.getMessage());
        assertFalse(e.getMessage().contains("abc") || e.getMessage().contains("secret-key"), e.getMessage());
        assertEquals("dtls.psk.credentials", refusedField("dtls.psk.credentials", "no-equals-sign"));
        assertEquals("dtls.psk.credentials", refusedField("dtls.psk.credentials", "a=secret1;a=secret2"));
        assertEquals("dtls.psk.credentials", refusedField("dtls.psk.credentials", "a=hex:zz112233"));
    }

    @Test
    void everySettingIsCheckedAndNamed() {
        assertEquals("dtls.psk.credentials", refusedField("coaps.enabled", true));
        assertEquals("dtls.keystore.path", refusedField("coaps.enabled", true, "dtls.certificates.source", "files"));
        assertEquals("dtls.rpk.enabled", refusedField("coaps.enabled", true, "dtls.psk.credentials", "a=secret1",
                "dtls.rpk.enabled", true));
        assertEquals("dtls.certificates.source", refusedField("dtls.certificates.source", "usb-stick"));
        assertEquals("dtls.client.auth", refusedField("dtls.client.auth", "sometimes"));
        assertEquals("dtls.rpk.trusted", refusedField("dtls.rpk.trusted", "not-base64!"));
        assertEquals("coaps.port", refusedField("coaps.port", 70000));
        assertEquals("dtls.connection.id.length", refusedField("dtls.connection.id.length", 17));
        assertEquals("dtls.limits.connections", refusedField("dtls.limits.connections", 0));
        assertEquals("dtls.handshake.timeout.ms", refusedField("dtls.handshake.timeout.ms", 10));
        assertEquals("dtls.threads.connector", refusedField("dtls.threads.connector", 0));
    }

    @Test
    void certificateSourcesAreReadByTheirMetatypeValue() {
        for (CertificateSource source : CertificateSource.values()) {
            assertEquals(source, from("dtls.certificates.source", source.value()).certificateSource());
        }
        assertEquals(CertificateSource.KURA_KEYSTORE, from("dtls.certificates.source", " Kura-Keystore ")
                .certificateSource());
        assertEquals(List.of("none", "files", "kura-keystore"),
                List.of(CertificateSource.values()).stream().map(CertificateSource::value).toList());
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> from("dtls.certificates.source", "usb-stick"));
        assertEquals("dtls.certificates.source: 'usb-stick' is not one of none, files, kura-keystore", e.getMessage());
        assertEquals("dtls.client.auth: 'sometimes' is not one of none, wanted, needed",
                assertThrows(InvalidPropertyException.class, () -> from("dtls.client.auth", "sometimes")).getMessage());
        assertEquals(ClientAuthentication.WANTED, from("dtls.client.auth", "Wanted").clientAuthentication());
    }

    @Test
    void cipherSuitesAndTrustedKeysAreReadAsListed() {
        DtlsOptions d = from("dtls.cipher.suites", "TLS_PSK_WITH_AES_128_CCM_8, TLS_PSK_WITH_AES_128_GCM_SHA256",
                "dtls.rpk.trusted", " AAEC ;\nAwQF ");
        assertEquals(List.of("TLS_PSK_WITH_AES_128_CCM_8", "TLS_PSK_WITH_AES_128_GCM_SHA256"), d.cipherSuites());
        assertEquals(Set.of("AAEC", "AwQF"), d.trustedRawPublicKeys());
        assertFalse(d.trustAllRawPublicKeys());
        DtlsOptions any = from("dtls.rpk.trusted", " * ");
        assertTrue(any.trustAllRawPublicKeys());
        assertEquals(Set.of(), any.trustedRawPublicKeys());
    }

    @Test
    void passwordsGoThroughTheDecoder() {
        Map<String, Object> p = Map.of("coaps.enabled", true, "dtls.psk.credentials", "ENC(a=secret1)");
        SecretDecoder unwrap = (field, stored) -> stored.substring(4, stored.length() - 1).toCharArray();
        assertArrayEquals("secret1".getBytes(StandardCharsets.UTF_8),
                DtlsOptions.fromProperties(p, unwrap).psk().key("a"));
        SecretDecoder failing = (field, stored) -> {
            throw new InvalidPropertyException(field, "cannot be decrypted");
        };
        assertEquals("dtls.psk.credentials",
                assertThrows(InvalidPropertyException.class, () -> DtlsOptions.fromProperties(p, failing)).field());
    }
}
