package io.coaptree.it.tree;

/**
 * The memory attack on Debian's Mosquitto started with exactly the generated {@code coaptree-broker.conf}. Required
 * under CI=true, skipped elsewhere when Mosquitto is absent (as {@link MosquittoProcess} decides).
 */
class MosquittoMemoryAttackTest extends MemoryAttackScenarios {

    @Override
    protected boolean withPasswords() {
        return false;
    }

    @Override
    protected TreeBroker startBroker(BrokerAdmissionScenarios.Admission admission) throws Exception {
        return MosquittoProcess.startGenerated(admission);
    }
}
