package io.coaptree.it.tree;

import java.io.IOException;
import java.nio.file.Path;

import io.coaptree.harness.broker.EmbeddedBroker;

/** The hierarchy scenarios on the embedded broker (the demo's). */
class HierarchyTest extends HierarchyScenarios {

    @Override
    protected TreeBroker startBroker(Path work) throws IOException {
        EmbeddedBroker embedded = new EmbeddedBroker(0);
        return TreeBroker.embedded(embedded, embedded::url);
    }
}
