package io.coaptree.harness.demo;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import io.coaptree.harness.hierarchy.TreeHierarchy;

/**
 * With a replicated group A/1: prints how to watch requests shared by its replicas and a failover, and stops or
 * restarts a gateway on {@code stop <name>} / {@code start <name>} lines of the standard input.
 */
final class ReplicaFailover {

    private final TreeHierarchy hierarchy;

    ReplicaFailover(TreeHierarchy hierarchy) {
        this.hierarchy = hierarchy;
    }

    void print(PrintStream out) {
        int b1 = hierarchy.coapPort("gB1");
        StringBuilder replicas = new StringBuilder();
        for (TreeHierarchy.Gateway g : hierarchy.gateways()) {
            if (g.level() == 2 && g.domain().equals("A") && g.group().equals("1")) {
                replicas.append(replicas.length() == 0 ? "" : ", ").append(g.name()).append(" (port ")
                        .append(hierarchy.coapPort(g.name())).append(')');
            }
        }
        out.println();
        out.println("Group A/1 is replicated: " + replicas + ". '*' as the node asks any live replica; each answer"
                + " below is that replica's own endpoint list, so the port in its base says which one served it:");
        out.println("  while true; do coap-client-notls -m get 'coap://127.0.0.1:" + b1
                + "/tree/A/1/*/rd-lookup/ep'; echo; sleep 0.5; done");
        out.println("Type 'stop gA1b' here (Enter) to stop a replica: once the tree notices (its last will, or "
                + "tree.failure.timeout.ms) every read is served by the others, and");
        out.println("  coap-client-notls -m get 'coap://127.0.0.1:" + b1 + "/tree-lookup/res'");
        out.println("  still lists the stopped replica's resources (kept by its parent for "
                + "remotequery.replica.retention.ms). 'start gA1b' brings it back and it takes its share again.");
    }

    /** Reads commands until the input ends; runs on a daemon thread. */
    void acceptCommands(InputStream in, PrintStream out) {
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    run(line.trim(), out);
                }
            } catch (Exception e) {
                out.println("commands: " + e.getMessage());
            }
        }, "demo-commands");
        reader.setDaemon(true);
        reader.start();
    }

    private void run(String line, PrintStream out) {
        String[] words = line.split("\\s+");
        if (words.length != 2 || hierarchy.gateway(words[1]) == null) {
            if (!line.isEmpty()) {
                out.println("expected 'stop <gateway>' or 'start <gateway>'");
            }
            return;
        }
        try {
            if ("stop".equals(words[0])) {
                hierarchy.stop(words[1]);
                out.println(words[1] + " stopped");
            } else if ("start".equals(words[0])) {
                hierarchy.restart(words[1]);
                out.println(words[1] + " started again (CoAP port " + hierarchy.coapPort(words[1]) + ")");
            } else {
                out.println("expected 'stop <gateway>' or 'start <gateway>'");
            }
        } catch (Exception e) {
            out.println(line + ": " + e.getMessage());
        }
    }
}
