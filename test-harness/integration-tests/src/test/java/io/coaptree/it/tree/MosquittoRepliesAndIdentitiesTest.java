package io.coaptree.it.tree;

import java.nio.file.Files;

/**
 * Replies only from the gateway asked, identities qualified by their gateway: on Debian's Mosquitto started with
 * exactly the generated {@code coaptree-broker.conf} (TLS, client certificates, the generated access list). Required
 * under CI=true, skipped elsewhere when Mosquitto is absent.
 */
class MosquittoRepliesAndIdentitiesTest extends RepliesAndIdentitiesScenarios {

    @Override
    protected boolean withPasswords() {
        return false;
    }

    @Override
    protected TreeBroker startBroker(BrokerAdmissionScenarios.Admission admission) throws Exception {
        return MosquittoProcess.start(admission.work().resolve("mosquitto"), admission.port(),
                "mqtts://localhost:" + admission.port() + "/", Files.readAllLines(admission.confFile()));
    }
}
