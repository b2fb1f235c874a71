package io.coaptree.it.tree;

import java.nio.file.Path;

import io.coaptree.harness.broker.EmbeddedBroker;

/** Replies only from the gateway asked, identities qualified by their gateway: on the embedded broker (the demo's). */
class EmbeddedBrokerRepliesAndIdentitiesTest extends RepliesAndIdentitiesScenarios {

    @Override
    protected TreeBroker startBroker(Path work) throws Exception {
        EmbeddedBroker embedded = new EmbeddedBroker(0);
        return TreeBroker.embedded(embedded, embedded::url);
    }
}
