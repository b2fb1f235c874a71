package io.coaptree.it.tree;

/**
 * The attack scenarios on Debian's Mosquitto with exactly the generated {@code coaptree-broker.conf}: each client's
 * certificate CN is its user name and its client id ({@code use_username_as_clientid}), so the monitor's credentials
 * asking for gB2's client id connect as {@code monitor}; a will on a topic the access list does not grant is dropped
 * when the broker would publish it. Required under CI=true, skipped elsewhere when Mosquitto is absent.
 */
class MosquittoAttacksTest extends AttacksContainedScenarios {

    @Override
    protected boolean withPasswords() {
        return false;
    }

    @Override
    protected boolean severalConnectionsPerUser() {
        return false;
    }

    @Override
    protected TreeBroker startBroker(AdmittedTree.Admission admission) throws Exception {
        return AdmittedTree.mosquitto(admission);
    }
}
