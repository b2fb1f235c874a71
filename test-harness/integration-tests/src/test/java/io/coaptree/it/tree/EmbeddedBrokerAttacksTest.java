package io.coaptree.it.tree;

import java.io.IOException;

/**
 * The attack scenarios on the embedded broker (the demo's): client ids bound to users (a user may use ids that its
 * name starts, so a stolen gateway's credentials can run beside the gateway), wills under the access list at CONNECT.
 */
class EmbeddedBrokerAttacksTest extends AttacksContainedScenarios {

    @Override
    protected boolean withPasswords() {
        return true;
    }

    @Override
    protected boolean severalConnectionsPerUser() {
        return true;
    }

    @Override
    protected TreeBroker startBroker(AdmittedTree.Admission admission) throws IOException {
        return AdmittedTree.embeddedBroker(admission);
    }
}
