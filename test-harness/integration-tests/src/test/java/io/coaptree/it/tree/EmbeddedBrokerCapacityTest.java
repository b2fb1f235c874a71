package io.coaptree.it.tree;

import java.io.IOException;

import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.harness.broker.GatewayAdmission;

/**
 * The capacity scenarios on the embedded broker (the demo's): TLS with a client certificate of the tree's CA, the
 * generated access list, each gateway's own user name and password.
 */
class EmbeddedBrokerCapacityTest extends CapacityScenarios {

    private static final char[] STORE_PASSWORD = "capacity-broker-store".toCharArray();

    @Override
    protected boolean withPasswords() {
        return true;
    }

    @Override
    protected TreeBroker startBroker(BrokerAdmissionScenarios.Admission admission) throws IOException {
        EmbeddedBroker embedded = EmbeddedBroker.builder()
                .tls(admission.pki().serverKeystore("broker", STORE_PASSWORD), STORE_PASSWORD)
                .gateways(GatewayAdmission.of(admission.pki().caCertificatePem(), admission.passwords(),
                        admission.aclFile()))
                .start();
        return TreeBroker.embedded(embedded, embedded::tlsUrl);
    }
}
