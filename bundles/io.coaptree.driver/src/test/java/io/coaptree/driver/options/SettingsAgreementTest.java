package io.coaptree.driver.options;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.settings.SettingsAgreement;

/** The driver's settings, its written metatype, its options class and its README table agree. */
class SettingsAgreementTest {

    @Test
    void settingsMetatypeOptionsAndReadmeAgree() throws IOException {
        SettingsAgreement agreement = new SettingsAgreement(DriverOptions.SETTINGS, DriverOptions::fromProperties,
                Map.of());
        assertEquals(List.of(), agreement.violations(SettingsAgreement.moduleDir()));
    }
}
