package io.coaptree.tree.component;

import java.util.concurrent.ScheduledExecutorService;

import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.model.JoinStatus;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeView;
import io.coaptree.tree.protocol.MembershipProtocol;
import io.coaptree.tree.security.TreeSecurity;
import io.coaptree.tree.service.TreeBus;
import io.coaptree.tree.service.TreeService;
import io.coaptree.tree.topics.TreeTopics;
import io.coaptree.tree.transport.GatewayBuses;

/**
 * The service object of one configuration of the tree handler: what the membership protocol tells of the gateway's
 * place in the tree, its scheduler, and the buses to the tree, all put together by {@link GatewayBuses}.
 */
record RunningTree(MembershipProtocol protocol, ScheduledExecutorService scheduler, TreeSecurity security,
        DeliveryClass defaultDeliveryClass, GatewayBuses buses) implements TreeService {

    @Override
    public NodeAddress self() {
        return protocol.self();
    }

    @Override
    public TreeView view() {
        return protocol.view();
    }

    @Override
    public JoinStatus joinStatus() {
        return protocol.joinStatus();
    }

    @Override
    public TreeTopics topics() {
        return protocol.topics();
    }

    @Override
    public long tickIntervalMillis() {
        return protocol.options().tickIntervalMillis();
    }

    @Override
    public DroppedMessages droppedMessages() {
        return protocol.droppedMessages();
    }

    @Override
    public TreeBus openBus(int maxMessageBytes) {
        return buses.open(maxMessageBytes, -1);
    }

    @Override
    public TreeBus openBus(int maxMessageBytes, int qos) {
        if (qos < 0 || qos > 2) {
            throw new IllegalArgumentException("qos: " + qos + " is not 0, 1 or 2");
        }
        return buses.open(maxMessageBytes, qos);
    }
}
