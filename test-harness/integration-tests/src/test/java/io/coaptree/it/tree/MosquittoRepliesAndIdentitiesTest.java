package io.coaptree.it.tree;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Replies only from the gateway asked, identities qualified by their gateway: on Debian's Mosquitto (required under
 * CI=true, skipped elsewhere when absent).
 */
class MosquittoRepliesAndIdentitiesTest extends RepliesAndIdentitiesScenarios {

    @Override
    protected TreeBroker startBroker(Path work) throws Exception {
        return MosquittoProcess.start(Files.createTempDirectory(work, "mosquitto-"));
    }
}
