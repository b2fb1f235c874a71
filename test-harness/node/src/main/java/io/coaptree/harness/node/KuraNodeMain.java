package io.coaptree.harness.node;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Runs one emulated Kura node from the command line until Ctrl-C / SIGTERM, then closes it cleanly.
 * <pre>
 * --name N  --framework felix|equinox  --storage DIR  --dp FILE...  --snapshot FILE...  --property KEY=VALUE...
 * </pre>
 * --dp, --snapshot and --property may be repeated.
 */
public final class KuraNodeMain {

    private KuraNodeMain() {
    }

    public static void main(String[] args) {
        KuraNode.Builder builder;
        try {
            builder = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: KuraNodeMain --name N [--storage DIR]"
                    + " [--dp FILE]... [--snapshot FILE]... [--property KEY=VALUE]...");
            System.exit(2);
            return;
        }
        KuraNode node;
        try {
            node = builder.start();
        } catch (Exception e) {
            System.err.println("node failed to start: " + e.getMessage());
            e.printStackTrace();
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("stopping node " + node.name() + " ...");
            node.close();
            System.out.println("node " + node.name() + " stopped");
            stopped.countDown();
        }, "kura-node-shutdown"));
        System.out.println("node " + node.name() + " running on Equinox, storage " + node.storage());
        for (BundleInfo bundle : node.bundles()) {
            System.out.printf("  %-45s %-22s %s%n", bundle.symbolicName(), bundle.version(), bundle.state());
        }
        System.out.println("press Ctrl-C to stop");
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static KuraNode.Builder parse(String[] args) {
        String name = null;
        String storage = null;
        List<String[]> repeated = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            String value = args[++i];
            switch (option) {
            case "--name" -> name = value;
            case "--storage" -> storage = value;
            case "--dp", "--snapshot", "--property" -> repeated.add(new String[] { option, value });
            default -> throw new IllegalArgumentException("unknown option " + option);
            }
        }
        if (name == null) {
            throw new IllegalArgumentException("--name is required");
        }
        KuraNode.Builder builder = KuraNode.builder(name);
        if (storage != null) {
            builder.storage(Path.of(storage));
        }
        for (String[] entry : repeated) {
            switch (entry[0]) {
            case "--dp" -> builder.deploymentPackage(Path.of(entry[1]));
            case "--snapshot" -> builder.snapshot(Path.of(entry[1]));
            default -> {
                int eq = entry[1].indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("--property needs KEY=VALUE, got " + entry[1]);
                }
                builder.frameworkProperty(entry[1].substring(0, eq), entry[1].substring(eq + 1));
            }
            }
        }
        return builder;
    }
}
