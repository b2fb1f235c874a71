package io.coaptree.server.options;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.settings.SettingsAgreement;

/**
 * CoapServerService's settings, its written metatype, its options classes (the plain endpoint's, the capacity shares,
 * the access policy's, the DTLS endpoint's, all read from the one configuration) and its README table agree.
 */
class SettingsAgreementTest {

    @Test
    void settingsMetatypeOptionsAndReadmeAgree() throws IOException {
        SettingsAgreement agreement = new SettingsAgreement(ServerOptions.SETTINGS,
                properties -> List.of(ServerOptions.fromProperties(properties),
                        CapacityOptions.fromProperties(properties), AccessPolicy.fromProperties(properties),
                        DtlsOptions.fromProperties(properties, SecretDecoder.PLAIN)),
                Map.of());
        assertEquals(List.of(), agreement.violations(SettingsAgreement.moduleDir()));
    }
}
