package io.coaptree.brokeracl;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The command line: reads the role snapshots and a fleet inventory, writes {@code coaptree.acl} (Mosquitto's
 * {@code acl_file}) and {@code coaptree-broker.conf} (the listener and security settings that use it) into the
 * output directory; for a fleet whose inventory names brokers, one such pair per broker in {@code <out>/<broker>/},
 * each site's configuration ending with its bridge to the root's broker. Exit status 0 on success, 1 for input it
 * cannot use, 2 for a wrong command line.
 */
public final class BrokerAclTool {

    public static final String ACL_FILE = "coaptree.acl";
    public static final String CONF_FILE = "coaptree-broker.conf";
    /** In a path option, replaced by the broker's name (inventories that name brokers). */
    public static final String BROKER_PLACEHOLDER = "{broker}";

    static final String USAGE = String.join("\n",
            "usage: java -jar coaptree-broker-acl.jar --kura-config <dir> --inventory <file> --out <dir> [options]",
            "  --kura-config <dir>    the role snapshots root.xml, domain.xml, group.xml (topic prefix, levels,",
            "                         default domain and group)",
            "  --inventory <file>     one line per client:",
            "                         <name> <root|domain|group|observer> [<domain> [<group>]] [broker=<broker>]",
            "  --out <dir>            where " + ACL_FILE + " and " + CONF_FILE + " are written (with brokers named:",
            "                         in <dir>/<broker>/, one pair per broker)",
            "  --auth certificate     (default) the client certificate's CN is the user name",
            "  --auth password        user name and password over TLS, checked against --password-file",
            "  --port [<broker>=]<n>  TLS listener port (default 8883); repeat with <broker>= for one broker's",
            "  --bind <address>       listen on this address only (default: every address)",
            "  --acl-file <path>      where the broker will read " + ACL_FILE + " (default /etc/mosquitto/" + ACL_FILE
                    + ")",
            "  --cafile, --certfile, --keyfile <path>   the broker's TLS files (default /etc/mosquitto/certs/ca.crt,",
            "                         server.crt, server.key)",
            "  --password-file <path> for --auth password (default /etc/mosquitto/passwd)",
            "  with brokers named:",
            "  --hub-address <host>[:<port>]   where the sites' bridges reach the root's broker (default: its name",
            "                         and port)",
            "  --bridge-cafile <path> the CA of the root broker's certificate (default: --cafile)",
            "  --bridge-certfile, --bridge-keyfile <path>   the bridge's client certificate (CN bridge-<broker>) and key",
            "                         (default /etc/mosquitto/certs/bridge.crt, bridge.key)",
            "  paths may contain " + BROKER_PLACEHOLDER + ", replaced by each broker's name");

    private BrokerAclTool() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** What {@link #main} does, without exiting. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Options options;
        try {
            options = Options.parse(args);
            options.authentication();
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            err.println(USAGE);
            return 2;
        }
        try {
            Path outDir = Path.of(options.value("--out"));
            List<BrokerFiles> generated = generate(Path.of(options.value("--kura-config")),
                    Path.of(options.value("--inventory")), options);
            int clients = 0;
            for (BrokerFiles files : generated) {
                Path dir = files.broker().isEmpty() ? outDir : outDir.resolve(files.broker());
                Files.createDirectories(dir);
                Files.writeString(dir.resolve(ACL_FILE), files.acl());
                Files.writeString(dir.resolve(CONF_FILE), files.conf());
                clients += files.members();
            }
            out.println("wrote " + ACL_FILE + " and " + CONF_FILE + " to " + (generated.size() == 1
                    && generated.get(0).broker().isEmpty() ? outDir.toString()
                            : outDir.resolve("<broker>") + " for brokers " + String.join(", ",
                                    generated.stream().map(BrokerFiles::broker).toList())) + " for " + clients
                    + " clients");
            return 0;
        } catch (InvalidInputException e) {
            err.println(e.getMessage());
            return 1;
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            err.println(USAGE);
            return 2;
        } catch (IOException e) {
            err.println("cannot read or write: " + e);
            return 1;
        }
    }

    /**
     * One broker's two files.
     *
     * @param broker  empty for a fleet on one broker
     * @param members how many inventory lines the broker admits (bridges not counted)
     */
    public record BrokerFiles(String broker, String acl, String conf, int members) {
    }

    /** Generates the files of every broker from a snapshot directory and an inventory file. */
    static List<BrokerFiles> generate(Path kuraConfig, Path inventory, Options options)
            throws IOException, InvalidInputException {
        Map<Role, RoleSnapshot> snapshots = snapshots(kuraConfig);
        String prefix = prefix(snapshots);
        FleetInventory fleet = FleetInventory.parse(inventory.getFileName().toString(),
                Files.readString(inventory), snapshots);
        List<String> header = List.of("generated by coaptree-broker-acl from " + kuraConfig.getFileName() + "/ ("
                + String.join(", ", snapshots.values().stream().map(RoleSnapshot::file).toList()) + ") and "
                + inventory.getFileName(), "topic prefix " + prefix + "; regenerate when the fleet changes");
        Set<Role> directRoles = snapshots.entrySet().stream().filter(e -> e.getValue().directRoutes())
                .map(Map.Entry::getKey).collect(Collectors.toCollection(() -> EnumSet.noneOf(Role.class)));
        Map<FleetMember, List<TopicRule>> rules = TreeAccessRules.of(fleet, prefix, directRoles);
        int maxPacketSize = MosquittoListener.maxPacketSize(
                snapshots.values().stream().mapToInt(RoleSnapshot::maxPayloadBytes).max().orElseThrow());
        if (!fleet.isBridged()) {
            return List.of(new BrokerFiles("", AclFile.write(header, rules),
                    MosquittoListener.write(header, options.listener(""), maxPacketSize), fleet.members().size()));
        }
        BridgedBrokers brokers = BridgedBrokers.of(fleet, prefix);
        options.checkBrokers(brokers.brokers());
        List<BrokerFiles> files = new ArrayList<>();
        for (String broker : brokers.brokers()) {
            List<String> brokerHeader = new ArrayList<>(header);
            brokerHeader.add("broker " + broker + (broker.equals(brokers.hub()) ? ", the root's: the others bridge to it"
                    : ", bridged to the root's broker " + brokers.hub()));
            Map<FleetMember, List<TopicRule>> own = new LinkedHashMap<>();
            brokers.members(broker).forEach(m -> own.put(m, rules.get(m)));
            List<AclFile.UserBlock> blocks = new ArrayList<>(AclFile.blocks(own));
            if (broker.equals(brokers.hub())) {
                for (String site : brokers.sites()) {
                    blocks.add(new AclFile.UserBlock(BridgedBrokers.bridgeUser(site) + ": the bridge of broker " + site,
                            BridgedBrokers.bridgeUser(site), brokers.bridgeRules(site)));
                }
            }
            String conf = MosquittoListener.write(brokerHeader, options.listener(broker), maxPacketSize);
            if (!broker.equals(brokers.hub())) {
                conf += "\n" + MosquittoBridge.write(brokers, broker,
                        options.bridge(broker, brokers.hub(), maxPacketSize));
            }
            files.add(new BrokerFiles(broker, AclFile.write(brokerHeader, blocks), conf, own.size()));
        }
        return files;
    }

    static Map<Role, RoleSnapshot> snapshots(Path kuraConfig) throws IOException, InvalidInputException {
        Map<Role, RoleSnapshot> snapshots = new EnumMap<>(Role.class);
        for (Role role : Role.values()) {
            if (!role.isGateway()) {
                continue;
            }
            Path file = kuraConfig.resolve(role.snapshot().orElseThrow());
            if (!Files.isRegularFile(file)) {
                throw new InvalidInputException(file + ": missing (the " + role.label() + " role's snapshot)");
            }
            RoleSnapshot snapshot = RoleSnapshot.read(file);
            if (snapshot.level() != role.level()) {
                throw new InvalidInputException(file + ": tree.level is " + snapshot.level() + ", the "
                        + role.label() + " role is level " + role.level());
            }
            snapshots.put(role, snapshot);
        }
        return snapshots;
    }

    /** The tree works on one prefix: every role's snapshot must name the same. */
    static String prefix(Map<Role, RoleSnapshot> snapshots) throws InvalidInputException {
        String prefix = null;
        for (RoleSnapshot snapshot : snapshots.values()) {
            if (!TopicNames.isValidPrefix(snapshot.prefix())) {
                throw new InvalidInputException(snapshot.file() + ": tree.topic.prefix '" + snapshot.prefix()
                        + "' is not a topic prefix");
            }
            if (prefix != null && !prefix.equals(snapshot.prefix())) {
                throw new InvalidInputException(snapshot.file() + ": tree.topic.prefix '" + snapshot.prefix()
                        + "' differs from '" + prefix + "' of the other roles");
            }
            prefix = snapshot.prefix();
        }
        return prefix;
    }

}
