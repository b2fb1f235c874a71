package io.coaptree.harness.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The {@code config.xml} the embedded HiveMQ reads (its schema: {@code config.xsd} in HiveMQ CE): listeners on
 * loopback, sessions and queues in memory only, no usage statistics sent anywhere.
 *
 * <p>
 * A client's queue holds up to {@value #MAX_QUEUED_MESSAGES} messages by default, where HiveMQ's own default (1000,
 * like Mosquitto's {@code max_queued_messages}) drops the rest: a test that floods one gateway would then lose
 * messages the harness must not lose, and each would count as a {@link BrokerFaults fault}.
 */
final class HiveMqConfig {

    static final long MAX_QUEUED_MESSAGES = 1_000_000;

    /** The TLS listener: the broker's key, and the CA whose client certificates it requires (null: none asked). */
    record Tls(int port, Path keystore, char[] password, Path truststore, char[] truststorePassword) {
    }

    private HiveMqConfig() {
    }

    /**
     * @param plainPort the plain listener's port, or -1 for none
     * @param tls       the TLS listener, or null for none
     */
    static void write(Path file, int plainPort, Tls tls, int maxPacketBytes, long maxQueuedMessages)
            throws IOException {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<hivemq>\n  <listeners>\n");
        if (plainPort >= 0) {
            xml.append("    <tcp-listener><port>").append(plainPort)
                    .append("</port><bind-address>127.0.0.1</bind-address></tcp-listener>\n");
        }
        if (tls != null) {
            xml.append("    <tls-tcp-listener><port>").append(tls.port())
                    .append("</port><bind-address>127.0.0.1</bind-address>\n      <tls>\n");
            xml.append("        <keystore><path>").append(text(tls.keystore().toString())).append("</path><password>")
                    .append(text(new String(tls.password()))).append("</password><private-key-password>")
                    .append(text(new String(tls.password()))).append("</private-key-password></keystore>\n");
            if (tls.truststore() != null) {
                xml.append("        <truststore><path>").append(text(tls.truststore().toString()))
                        .append("</path><password>").append(text(new String(tls.truststorePassword())))
                        .append("</password></truststore>\n");
                xml.append("        <client-authentication-mode>REQUIRED</client-authentication-mode>\n");
            }
            xml.append("      </tls>\n    </tls-tcp-listener>\n");
        }
        xml.append("  </listeners>\n  <mqtt>\n");
        xml.append("    <queued-messages><max-queue-size>").append(maxQueuedMessages)
                .append("</max-queue-size></queued-messages>\n");
        xml.append("    <packets><max-packet-size>").append(maxPacketBytes).append("</max-packet-size></packets>\n");
        xml.append("  </mqtt>\n");
        xml.append("  <persistence><mode>in-memory</mode></persistence>\n");
        xml.append("  <anonymous-usage-statistics><enabled>false</enabled></anonymous-usage-statistics>\n");
        xml.append("</hivemq>\n");
        Files.writeString(file, xml);
    }

    private static String text(String value) {
        return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
