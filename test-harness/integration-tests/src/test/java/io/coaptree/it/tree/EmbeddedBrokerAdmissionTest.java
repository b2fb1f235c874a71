package io.coaptree.it.tree;

import java.io.IOException;

import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.harness.broker.GatewayAdmission;

/**
 * The admission scenarios on the embedded Moquette (the demo's broker): TLS only with a client certificate of the
 * tree's CA, the generated access list, and, because Moquette cannot take the user name from the certificate, each
 * gateway's own user name and password.
 */
class EmbeddedBrokerAdmissionTest extends BrokerAdmissionScenarios {

    private static final char[] BROKER_STORE_PASSWORD = "broker-store".toCharArray();

    @Override
    protected boolean withPasswords() {
        return true;
    }

    @Override
    protected TreeBroker startBroker(Admission admission) throws IOException {
        EmbeddedBroker moquette = EmbeddedBroker.builder()
                .tls(admission.pki().serverKeystore("broker", BROKER_STORE_PASSWORD), BROKER_STORE_PASSWORD)
                .gateways(GatewayAdmission.of(admission.pki().caCertificatePem(), admission.passwords(),
                        admission.aclFile()))
                .start();
        return TreeBroker.embedded(moquette, moquette::tlsUrl);
    }
}
