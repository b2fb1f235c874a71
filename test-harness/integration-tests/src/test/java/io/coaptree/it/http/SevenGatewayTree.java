package io.coaptree.it.http;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.harness.hierarchy.TreeHierarchy;

/** The demo's tree (seven gateways on the embedded broker, from the shipped packages) for the HTTP tests. */
final class SevenGatewayTree implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final EmbeddedBroker broker;
    private final TreeHierarchy tree;

    private SevenGatewayTree(EmbeddedBroker broker, TreeHierarchy tree) {
        this.broker = broker;
        this.tree = tree;
    }

    static SevenGatewayTree start() throws Exception {
        Path work = Files.createDirectories(Path.of(System.getProperty("coaptree.work", "target/nodes")));
        EmbeddedBroker broker = new EmbeddedBroker(0);
        try {
            TreeHierarchy.Settings settings = new TreeHierarchy.Settings(
                    Path.of(System.getProperty("coaptree.kura-config")),
                    Path.of(System.getProperty("coaptree.dp.core")),
                    Path.of(System.getProperty("coaptree.dp.examples")), Files.createTempDirectory(work, "http-"),
                    broker.url(), Map.of(), Map.of());
            return new SevenGatewayTree(broker, TreeHierarchy.start(settings, TreeHierarchy.sevenGateways(),
                    START_TIMEOUT));
        } catch (Exception | Error e) {
            broker.close();
            throw e;
        }
    }

    TreeHierarchy hierarchy() {
        return tree;
    }

    /** A client of one gateway's web server, under {@code /coaptree}. */
    TreeHttp http(String gateway) {
        return new TreeHttp("http://127.0.0.1:" + tree.httpPort(gateway) + "/coaptree");
    }

    @Override
    public void close() {
        tree.close();
        broker.close();
    }
}
