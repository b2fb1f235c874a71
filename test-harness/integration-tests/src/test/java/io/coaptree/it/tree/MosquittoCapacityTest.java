package io.coaptree.it.tree;

/**
 * The capacity scenarios on Debian's Mosquitto started with exactly the generated {@code coaptree-broker.conf}
 * (required under CI=true, skipped elsewhere when Mosquitto is absent).
 */
class MosquittoCapacityTest extends CapacityScenarios {

    @Override
    protected boolean withPasswords() {
        return false;
    }

    @Override
    protected TreeBroker startBroker(BrokerAdmissionScenarios.Admission admission) throws Exception {
        return MosquittoProcess.startGenerated(admission);
    }
}
