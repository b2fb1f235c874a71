package io.coaptree.it.tree;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

import io.coaptree.harness.hierarchy.TreeHierarchy;

/**
 * The admission scenarios on Debian's Mosquitto, started with exactly the generated {@code coaptree-broker.conf} (TLS
 * listener, client certificate required, its CN as user name and client id, the generated {@code acl_file}, no
 * anonymous clients, the packet size limit) plus logging of every packet, so the log shows each publish the access
 * list denied. Required under CI=true, skipped elsewhere when Mosquitto is absent.
 */
class MosquittoAdmissionTest extends BrokerAdmissionScenarios {

    private MosquittoProcess mosquitto;

    @Override
    protected boolean withPasswords() {
        return false;
    }

    @Override
    protected TreeBroker startBroker(AdmittedTree.Admission admission) throws Exception {
        mosquitto = AdmittedTree.mosquitto(admission);
        return mosquitto;
    }

    /**
     * The access list was derived from the code; this checks it against the running tree. After every scenario
     * (joins, heartbeats, requests, replies, Observe, lookups, RD synchronisation, a domain down and back, a broker
     * restart) Mosquitto has denied no publish of any gateway: the only denied publishes are the thief's.
     */
    @Test
    @Order(100)
    void theBrokerDeniedNoPublishOfAnyGateway() throws Exception {
        String log = mosquitto.log();
        assertTrue(log.contains("Denied PUBLISH from " + AdmittedTree.SPARE.name() + " "),
                "the log shows denied publishes (the thief's, its client id its user name)");
        for (TreeHierarchy.Gateway g : TreeHierarchy.sevenGateways()) {
            assertTrue(!log.contains("Denied PUBLISH from " + g.name() + " "),
                    g.name() + " was denied a publish:\n" + denied(log));
        }
    }

    private static String denied(String log) {
        StringBuilder lines = new StringBuilder();
        for (String line : log.split("\n")) {
            if (line.contains("Denied")) {
                lines.append(line).append('\n');
            }
        }
        return lines.toString();
    }
}
