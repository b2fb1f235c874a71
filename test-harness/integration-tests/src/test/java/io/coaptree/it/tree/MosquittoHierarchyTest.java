package io.coaptree.it.tree;

import java.nio.file.Files;
import java.nio.file.Path;

/** The hierarchy scenarios on Debian's Mosquitto (required under CI=true, skipped elsewhere when absent). */
class MosquittoHierarchyTest extends HierarchyScenarios {

    @Override
    protected TreeBroker startBroker(Path work) throws Exception {
        return MosquittoProcess.start(Files.createTempDirectory(work, "mosquitto-"));
    }
}
