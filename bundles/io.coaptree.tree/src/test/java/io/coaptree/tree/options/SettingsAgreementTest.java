package io.coaptree.tree.options;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.settings.SettingsAgreement;

/**
 * CoAPTreeHandler's settings, its written metatype, its options classes (the tree's, the message authentication's,
 * the delivery's, all read from the one configuration) and its README table agree.
 */
class SettingsAgreementTest {

    @Test
    void settingsMetatypeOptionsAndReadmeAgree() throws IOException {
        // The default level is a group's: a valid configuration names its domain, group and node.
        SettingsAgreement agreement = new SettingsAgreement(TreeOptions.SETTINGS,
                properties -> List.of(TreeOptions.fromProperties(properties),
                        SecurityOptions.fromProperties(properties), DeliveryOptions.fromProperties(properties)),
                Map.of(TreeOptions.DOMAIN.id(), "A", TreeOptions.GROUP.id(), "g1", TreeOptions.NODE_NAME.id(), "n1"));
        assertEquals(List.of(), agreement.violations(SettingsAgreement.moduleDir()));
    }
}
