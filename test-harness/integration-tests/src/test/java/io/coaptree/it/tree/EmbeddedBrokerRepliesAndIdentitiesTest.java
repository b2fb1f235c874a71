package io.coaptree.it.tree;

/**
 * Replies only from the gateway asked, identities qualified by their gateway: on the embedded broker (the demo's)
 * with the generated access list, TLS with client certificates, each gateway's own user name and password.
 */
class EmbeddedBrokerRepliesAndIdentitiesTest extends RepliesAndIdentitiesScenarios {

    @Override
    protected boolean withPasswords() {
        return true;
    }

    @Override
    protected TreeBroker startBroker(AdmittedTree.Admission admission) throws Exception {
        return AdmittedTree.embeddedBroker(admission);
    }
}
