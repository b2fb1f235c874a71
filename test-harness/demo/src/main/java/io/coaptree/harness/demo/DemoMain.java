package io.coaptree.harness.demo;

import io.coaptree.harness.node.FrameworkKind;
import io.coaptree.harness.node.KuraNode;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;

/**
 * Starts one emulated Kura gateway with the CoAPTree deployment packages installed and the given snapshot applied,
 * prints what a user can try, and runs until Ctrl-C.
 */
public final class DemoMain {

    private static final String SERVER_SERVICE = "io.coaptree.api.CoAPServer";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private DemoMain() {
    }

    public static void main(String[] args) throws Exception {
        DemoArguments arguments = DemoArguments.parse(args);
        KuraNode.Builder builder = KuraNode.builder("demo-gateway")
                .framework(arguments.framework())
                .storage(arguments.storage());
        arguments.deploymentPackages().forEach(builder::deploymentPackage);
        arguments.snapshots().forEach(builder::snapshot);

        KuraNode node = builder.start();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("Stopping the emulated gateway...");
            node.close();
            stopped.countDown();
        }, "demo-shutdown"));
        // Maven forks this JVM: if Maven is killed without a signal reaching us, do not linger holding the ports.
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> System.exit(0)));

        if (!node.awaitServiceProperty(SERVER_SERVICE, "(coap.port=*)", START_TIMEOUT)) {
            System.err.println("The CoAP server did not come up within " + START_TIMEOUT.toSeconds()
                    + " s; see the log above.");
            System.exit(1);
        }
        int port = ((Number) node.serviceProperty(SERVER_SERVICE, "(coap.port=*)", "coap.port")).intValue();
        new DemoBanner(node, port).print(System.out);
        stopped.await();
    }

    /** Command line of the demo: the same options as KuraNodeMain. */
    record DemoArguments(FrameworkKind framework, Path storage, List<Path> deploymentPackages, List<Path> snapshots) {

        static DemoArguments parse(String[] args) {
            FrameworkKind framework = FrameworkKind.FELIX;
            Path storage = Path.of("target", "demo-node");
            List<Path> dps = new ArrayList<>();
            List<Path> snapshots = new ArrayList<>();
            for (int i = 0; i < args.length; i++) {
                String option = args[i];
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(option + " needs a value");
                }
                String value = args[++i];
                switch (option) {
                    case "--framework" -> framework = FrameworkKind.valueOf(value.toUpperCase(Locale.ROOT));
                    case "--storage" -> storage = Path.of(value);
                    case "--dp" -> dps.add(Path.of(value));
                    case "--snapshot" -> snapshots.add(Path.of(value));
                    default -> throw new IllegalArgumentException("unknown option " + option);
                }
            }
            return new DemoArguments(framework, storage, List.copyOf(dps), List.copyOf(snapshots));
        }
    }
}
