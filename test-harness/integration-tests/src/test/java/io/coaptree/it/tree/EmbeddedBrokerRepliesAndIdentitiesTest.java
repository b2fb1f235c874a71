package io.coaptree.it.tree;

import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.harness.broker.GatewayAdmission;

/**
 * Replies only from the gateway asked, identities qualified by their gateway: on the embedded broker (the demo's)
 * with the generated access list, TLS with client certificates, each gateway's own user name and password.
 */
class EmbeddedBrokerRepliesAndIdentitiesTest extends RepliesAndIdentitiesScenarios {

    private static final char[] BROKER_STORE_PASSWORD = "broker-store".toCharArray();

    @Override
    protected boolean withPasswords() {
        return true;
    }

    @Override
    protected TreeBroker startBroker(BrokerAdmissionScenarios.Admission admission) throws Exception {
        EmbeddedBroker embedded = EmbeddedBroker.builder()
                .tls(admission.pki().serverKeystore("broker", BROKER_STORE_PASSWORD), BROKER_STORE_PASSWORD)
                .gateways(GatewayAdmission.of(admission.pki().caCertificatePem(), admission.passwords(),
                        admission.aclFile()))
                .start();
        return TreeBroker.embedded(embedded, embedded::tlsUrl);
    }
}
