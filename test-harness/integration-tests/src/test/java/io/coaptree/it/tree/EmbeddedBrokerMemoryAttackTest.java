package io.coaptree.it.tree;

/** The memory attack on the embedded broker (the demo's), gateways admitted with certificate and password. */
class EmbeddedBrokerMemoryAttackTest extends MemoryAttackScenarios {

    @Override
    protected boolean withPasswords() {
        return true;
    }

    /** Started exactly as for the admission scenarios on the embedded broker. */
    @Override
    protected TreeBroker startBroker(BrokerAdmissionScenarios.Admission admission) throws Exception {
        return new EmbeddedBrokerAdmissionTest().startBroker(admission);
    }
}
