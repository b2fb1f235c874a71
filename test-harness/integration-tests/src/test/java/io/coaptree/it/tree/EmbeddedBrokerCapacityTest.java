package io.coaptree.it.tree;

/**
 * The capacity scenarios on the embedded broker (the demo's): TLS with a client certificate of the tree's CA, the
 * generated access list, each gateway's own user name and password.
 */
class EmbeddedBrokerCapacityTest extends CapacityScenarios {

    @Override
    protected boolean withPasswords() {
        return true;
    }

    @Override
    protected TreeBroker startBroker(AdmittedTree.Admission admission) throws Exception {
        return AdmittedTree.embeddedBroker(admission);
    }
}
