package io.coaptree.bench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.coaptree.harness.node.KuraNode;

/**
 * Our server as users run it: an emulated Kura node with the deployment packages installed through
 * DeploymentAdmin and the CoAP server configured by a snapshot (loopback, a free port).
 */
final class KuraNodeTarget implements AutoCloseable {

    static final String SERVER_PID = "io.coaptree.server.CoapServerService";
    static final String SERVER_SERVICE = "io.coaptree.api.CoAPServer";
    static final String BOUND_PORT = "(&(coap.port=*)(!(coap.port=0)))";
    static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final KuraNode node;
    private final int port;

    private KuraNodeTarget(KuraNode node, int port) {
        this.node = node;
        this.port = port;
    }

    static KuraNodeTarget start(String bindAddress, Path storage, List<Path> deploymentPackages) throws Exception {
        Path snapshot = Files.createTempFile("bench-snapshot-", ".xml");
        writeSnapshot(snapshot, bindAddress);
        KuraNode.Builder builder = KuraNode.builder("bench-node").snapshot(snapshot);
        if (storage != null) {
            builder.storage(storage);
        }
        for (Path dp : deploymentPackages) {
            builder.deploymentPackage(dp);
        }
        KuraNode node = builder.start();
        try {
            if (!node.awaitServiceProperty(SERVER_SERVICE, BOUND_PORT, START_TIMEOUT)) {
                throw new IllegalStateException("no " + SERVER_SERVICE + " with a bound coap.port within "
                        + START_TIMEOUT + "; bundles: " + node.bundles());
            }
            Object port = node.serviceProperty(SERVER_SERVICE, BOUND_PORT, "coap.port");
            return new KuraNodeTarget(node, ((Number) port).intValue());
        } catch (Exception | Error e) {
            node.close();
            throw e;
        } finally {
            Files.deleteIfExists(snapshot);
        }
    }

    private static void writeSnapshot(Path file, String bindAddress) throws IOException {
        String xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <esf:configurations xmlns:esf="http://eurotech.com/esf/2.0" xmlns:ocd="http://www.osgi.org/xmlns/metatype/v1.2.0">
                  <esf:configuration pid="%s">
                    <esf:properties>
                      <esf:property name="coap.enabled" array="false" encrypted="false" type="Boolean"><esf:value>true</esf:value></esf:property>
                      <esf:property name="coap.bind.address" array="false" encrypted="false" type="String"><esf:value>%s</esf:value></esf:property>
                      <esf:property name="coap.port" array="false" encrypted="false" type="Integer"><esf:value>0</esf:value></esf:property>
                      <esf:property name="node.domain" array="false" encrypted="false" type="String"><esf:value>bench</esf:value></esf:property>
                      <esf:property name="node.group" array="false" encrypted="false" type="String"><esf:value>bench-1</esf:value></esf:property>
                %s    </esf:properties>
                  </esf:configuration>
                </esf:configurations>
                """.formatted(SERVER_PID, bindAddress, receiveBufferProperty());
        Files.writeString(file, xml);
    }

    private static String receiveBufferProperty() {
        String bytes = System.getProperty(TargetSpec.UDP_RECEIVE_BUFFER_PROPERTY);
        return bytes == null ? "" : "  <esf:property name=\"limits.udp.receive.buffer.bytes\" array=\"false\" "
                + "encrypted=\"false\" type=\"Integer\"><esf:value>" + Integer.parseInt(bytes.trim())
                + "</esf:value></esf:property>\n";
    }

    int port() {
        return port;
    }

    @Override
    public void close() {
        node.close();
    }
}
