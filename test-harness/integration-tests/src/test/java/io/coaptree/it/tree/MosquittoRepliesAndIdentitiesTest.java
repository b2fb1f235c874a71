package io.coaptree.it.tree;

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
    protected TreeBroker startBroker(AdmittedTree.Admission admission) throws Exception {
        return AdmittedTree.mosquitto(admission);
    }
}
