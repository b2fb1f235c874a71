package io.coaptree.brokeracl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as an operator runs it, on the repository's {@code kura-config/}. */
class BrokerAclToolTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return BrokerAclTool.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private Path inventory(String text) throws Exception {
        return Files.writeString(dir.resolve("fleet.txt"), text);
    }

    @Test
    void writesTheAclAndACertificateListener() throws Exception {
        Path fleet = inventory(Fleets.SEVEN_GATEWAYS);
        assertEquals(0, run("--kura-config", Fleets.kuraConfig().toString(), "--inventory", fleet.toString(), "--out",
                dir.resolve("out").toString(), "--port", "18883", "--bind", "127.0.0.1"), err.toString());
        String acl = Files.readString(dir.resolve("out").resolve(BrokerAclTool.ACL_FILE));
        assertTrue(acl.contains("\nuser gA1\ntopic write coaptree/A/1/gA1/join\n"), acl);
        assertTrue(AclFile.parse(acl).mayPublish("gB2", "coaptree/B/-/dB/query"));
        assertFalse(acl.contains("pattern"), "no rule outside a user's block");
        String conf = Files.readString(dir.resolve("out").resolve(BrokerAclTool.CONF_FILE));
        for (String line : new String[] { "allow_anonymous false", "acl_file /etc/mosquitto/coaptree.acl",
                "listener 18883 127.0.0.1", "set_tcp_nodelay true", "require_certificate true", "use_identity_as_username true",
                "use_username_as_clientid true", "max_packet_size 1114112", "cafile /etc/mosquitto/certs/ca.crt" }) {
            assertTrue(conf.contains("\n" + line + "\n"), line + " in\n" + conf);
        }
        assertFalse(conf.contains("coaptree/A/+/+/heartbeat"), "no site follows another site's domain");
        assertFalse(conf.contains("password_file"), conf);
        assertTrue(out.toString().contains("for 8 clients"), out.toString());
    }

    @Test
    void aFleetOnSeveralBrokersGetsADirectoryPerBrokerEachSiteBridgedToTheRoots() throws Exception {
        Path fleet = inventory(Fleets.SEVEN_GATEWAYS_BRIDGED);
        Path out = dir.resolve("out");
        assertEquals(0, run("--kura-config", Fleets.kuraConfig().toString(), "--inventory", fleet.toString(), "--out",
                out.toString(), "--port", "8883", "--port", "site-b=18884", "--acl-file", "/srv/{broker}/acl",
                "--hub-address", "mqtt.example.org"), err.toString());
        assertTrue(out.toString().length() > 0 && this.out.toString().contains("for brokers centre, site-a, site-b"),
                this.out.toString());

        AccessList hub = AclFile.parse(Files.readString(out.resolve("centre").resolve(BrokerAclTool.ACL_FILE)));
        assertTrue(hub.knows("top") && hub.knows("monitor") && hub.knows("bridge-site-a") && hub.knows("bridge-site-b"));
        assertFalse(hub.knows("gA1"), "a site's gateways are on its own broker");
        String hubConf = Files.readString(out.resolve("centre").resolve(BrokerAclTool.CONF_FILE));
        assertTrue(hubConf.contains("\nacl_file /srv/centre/acl\n") && hubConf.contains("\nlistener 8883\n"), hubConf);
        assertFalse(hubConf.contains("connection"), "the hub has no bridge of its own");

        AccessList siteB = AclFile.parse(Files.readString(out.resolve("site-b").resolve(BrokerAclTool.ACL_FILE)));
        assertTrue(siteB.knows("dB") && siteB.knows("gB2") && !siteB.knows("top") && !siteB.knows("bridge-site-b"));
        String conf = Files.readString(out.resolve("site-b").resolve(BrokerAclTool.CONF_FILE));
        for (String line : new String[] { "listener 18884", "acl_file /srv/site-b/acl", "connection bridge-site-b",
                "address mqtt.example.org:8883", "remote_clientid bridge-site-b", "cleansession true",
                "notifications_local_only true", "bridge_cafile /etc/mosquitto/certs/ca.crt",
                "bridge_certfile /etc/mosquitto/certs/bridge.crt", "bridge_keyfile /etc/mosquitto/certs/bridge.key",
                "bridge_insecure false", "topic coaptree/B/-/+/heartbeat out 1", "topic coaptree/-/-/+/heartbeat in 1",
                "topic coaptree/-/-/+/ctl out 1", "topic coaptree/-/-/+/query out 1",
                "topic coaptree/B/+/+/query in 1", "topic coaptree/-/-/+/rd out 1" }) {
            assertTrue(conf.contains("\n" + line + "\n"), line + " in\n" + conf);
        }
        assertFalse(conf.contains("coaptree/A/+/+/heartbeat"), "no site follows another site's domain");
        assertTrue(conf.indexOf("connection ") > conf.indexOf("listener "), "the bridge section comes last");
        assertFalse(conf.contains("remote_username"), "the certificate names the bridge");
        // the hub's limit, stated on the bridge: an oversize message stays at the site instead of closing the bridge
        assertTrue(conf.contains("\nbridge_max_packet_size 1114112\n")
                && hubConf.contains("\nmax_packet_size 1114112\n") && conf.contains("\nmax_packet_size 1114112\n"), conf);
        assertTrue(hubConf.contains("\nuse_username_as_clientid true\n")
                && conf.contains("\nuse_username_as_clientid true\n"), "client ids bound to users on every broker");
    }

    /**
     * The packet limit follows the largest payload a role carries ({@code codec.max.payload.bytes} of RemoteQuery in
     * the snapshots, its shipped default 1 MiB when they leave it out), with room for envelope, seal and MQTT header.
     */
    @Test
    void thePacketLimitFollowsTheLargestPayloadOfTheRoles() throws Exception {
        Path config = Files.createDirectories(dir.resolve("kc"));
        for (String file : new String[] { "root.xml", "domain.xml", "group.xml" }) {
            String xml = Files.readString(Fleets.kuraConfig().resolve(file));
            if (file.equals("domain.xml")) {
                xml = xml.replace("</esf:configurations>", "<esf:configuration pid=\"" + RoleSnapshot.REMOTE_QUERY_PID
                        + "\"><esf:properties><esf:property name=\"codec.max.payload.bytes\" array=\"false\" "
                        + "encrypted=\"false\" type=\"Integer\"><esf:value>4194304</esf:value></esf:property>"
                        + "</esf:properties></esf:configuration></esf:configurations>");
            }
            Files.writeString(config.resolve(file), xml);
        }
        assertEquals(0, run("--kura-config", config.toString(), "--inventory", inventory("top root\n").toString(),
                "--out", dir.toString()), err.toString());
        String conf = Files.readString(dir.resolve(BrokerAclTool.CONF_FILE));
        assertTrue(conf.contains("\nmax_packet_size " + (4_194_304 + MosquittoListener.PACKET_OVERHEAD_BYTES) + "\n"),
                conf);
        assertEquals(1_048_576 + 65_536, MosquittoListener.maxPacketSize(RoleSnapshot.DEFAULT_MAX_PAYLOAD_BYTES));
        assertEquals(65_536 + 65_536, MosquittoListener.maxPacketSize(1024), "room for the largest telemetry record");
    }

    @Test
    void aBridgeInPasswordModeNamesItsUserButNoPassword() throws Exception {
        Path fleet = inventory("top root broker=centre\ndA domain A broker=site-a\n");
        assertEquals(0, run("--kura-config", Fleets.kuraConfig().toString(), "--inventory", fleet.toString(), "--out",
                dir.toString(), "--auth", "password"), err.toString());
        String conf = Files.readString(dir.resolve("site-a").resolve(BrokerAclTool.CONF_FILE));
        assertTrue(conf.contains("\nremote_username bridge-site-a\n") && conf.contains("\naddress centre:8883\n"),
                conf);
        assertFalse(conf.contains("\nremote_password") || conf.contains("bridge_certfile"), conf);
    }

    @Test
    void portsPerBrokerNeedBrokersInTheInventory() throws Exception {
        String[] common = { "--kura-config", Fleets.kuraConfig().toString(), "--out", dir.toString(), "--port",
                "x=1884", "--inventory" };
        assertEquals(2, run(concat(common, inventory("top root\n").toString())));
        assertTrue(err.toString().contains("--port <broker>=<n> is for an inventory that names brokers"),
                err.toString());
        err.reset();
        assertEquals(2, run(concat(common, inventory("top root broker=c\n").toString())));
        assertTrue(err.toString().contains("the inventory names no broker 'x' (it names c)"), err.toString());
    }

    private static String[] concat(String[] a, String b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + 1);
        all[a.length] = b;
        return all;
    }

    @Test
    void passwordModeUsesThePasswordFile() throws Exception {
        Path fleet = inventory("top root\n");
        assertEquals(0, run("--kura-config", Fleets.kuraConfig().toString(), "--inventory", fleet.toString(), "--out",
                dir.toString(), "--auth", "password", "--password-file", "/srv/passwd"), err.toString());
        String conf = Files.readString(dir.resolve(BrokerAclTool.CONF_FILE));
        assertTrue(conf.contains("\npassword_file /srv/passwd\n"), conf);
        assertTrue(conf.contains("\nrequire_certificate false\n"), conf);
        assertFalse(conf.contains("use_identity_as_username"), conf);
        assertTrue(conf.contains("\nuse_username_as_clientid true\n"), "the MQTT user name is the client id");
    }

    @Test
    void aWrongCommandLineShowsTheUsage() throws Exception {
        assertEquals(2, run("--inventory", "x"));
        assertTrue(err.toString().contains("--kura-config is required") && err.toString().contains("usage:"),
                err.toString());
        err.reset();
        assertEquals(2, run("--kura-config", "k", "--inventory", "i", "--out", "o", "--auth", "none"));
        assertTrue(err.toString().contains("--auth must be certificate or password"), err.toString());
    }

    @Test
    void unusableInputIsReportedAndNothingIsWritten() throws Exception {
        Path fleet = inventory("top root\nbad name here too many\n");
        Path out = dir.resolve("never");
        assertEquals(1, run("--kura-config", Fleets.kuraConfig().toString(), "--inventory", fleet.toString(), "--out",
                out.toString()));
        assertTrue(err.toString().contains("fleet.txt line 2: expected"), err.toString());
        assertFalse(Files.exists(out));
        err.reset();
        assertEquals(1, run("--kura-config", dir.toString(), "--inventory", fleet.toString(), "--out", out.toString()));
        assertTrue(err.toString().contains("root.xml: missing"), err.toString());
    }

    @Test
    void snapshotsMustAgreeOnTheTopicPrefix() throws Exception {
        Path config = Files.createDirectories(dir.resolve("kc"));
        for (String file : new String[] { "root.xml", "domain.xml", "group.xml" }) {
            String xml = Files.readString(Fleets.kuraConfig().resolve(file));
            if (file.equals("group.xml")) {
                // the role snapshots leave the prefix at its default: give the group one of its own
                xml = xml.replace("<esf:property name=\"tree.domain\"", "<esf:property name=\"tree.topic.prefix\" "
                        + "array=\"false\" encrypted=\"false\" type=\"String\"><esf:value>other</esf:value>"
                        + "</esf:property><esf:property name=\"tree.domain\"");
            }
            Files.writeString(config.resolve(file), xml);
        }
        assertEquals(1, run("--kura-config", config.toString(), "--inventory", inventory("top root\n").toString(),
                "--out", dir.toString()));
        assertTrue(err.toString().contains("group.xml: tree.topic.prefix 'other' differs from 'coaptree'"),
                err.toString());
    }
}
