package io.coaptree.remotequery.options;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.codec.CodecLimits;
import io.coaptree.harness.settings.SettingsAgreement;

/**
 * RemoteQuery's settings, its written metatype, the options it reads from the one configuration (its own and the
 * envelope codec's payload limit) and its README table agree.
 */
class SettingsAgreementTest {

    @Test
    void settingsMetatypeOptionsAndReadmeAgree() throws IOException {
        SettingsAgreement agreement = new SettingsAgreement(RemoteQueryOptions.SETTINGS,
                properties -> List.of(RemoteQueryOptions.fromProperties(properties),
                        CodecLimits.fromProperties(properties)),
                Map.of());
        assertEquals(List.of(), agreement.violations(SettingsAgreement.moduleDir()));
    }
}
