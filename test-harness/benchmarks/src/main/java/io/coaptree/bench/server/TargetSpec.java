package io.coaptree.bench.server;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How to start one server under test.
 *
 * @param label      its name in reports (e.g. "coaptree", "bare-californium")
 * @param kind       the {@link TargetMain} kind: "bare" or "kura"
 * @param arguments  further {@link TargetMain} arguments
 * @param jvmOptions options of the target JVM; every target in a comparison should get the same
 * @param launcher   a command the JVM is started through, e.g. {@code taskset -c 0} to pin it to one core (the
 *                   launcher must exec the JVM, so that the process id read is the JVM's); empty for none
 */
public record TargetSpec(String label, String kind, List<String> arguments, List<String> jvmOptions,
        List<String> launcher) {

    /** System property of a {@code kura} target: its server's limits.udp.receive.buffer.bytes (else the default). */
    public static final String UDP_RECEIVE_BUFFER_PROPERTY = "coaptree.bench.udp.receive.buffer";

    /** A small gateway's heap: the same limit for every target so heap figures compare. */
    /** A small heap, as on a gateway; compiler threads kept alive so their CPU time stays countable (ProcFs). */
    public static final List<String> DEFAULT_JVM_OPTIONS = List.of("-Xmx256m",
            "-XX:-UseDynamicNumberOfCompilerThreads");

    public TargetSpec {
        if (label == null || !label.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("label must be letters, digits, '.', '_' or '-', was " + label);
        }
        arguments = List.copyOf(arguments);
        jvmOptions = List.copyOf(jvmOptions);
        launcher = List.copyOf(launcher);
    }

    /** A target started directly by {@code java}. */
    public TargetSpec(String label, String kind, List<String> arguments, List<String> jvmOptions) {
        this(label, kind, arguments, jvmOptions, List.of());
    }

    /** Californium with standard settings and a plain /temperature resource, see {@link BareCoapServer}. */
    public static TargetSpec bareCalifornium(String label) {
        return new TargetSpec(label, "bare", List.of(), DEFAULT_JVM_OPTIONS);
    }

    /** An emulated Kura 5.6 node (Equinox) with these deployment packages, CoAP bound to loopback on a free port. */
    public static TargetSpec kuraNode(String label, List<Path> deploymentPackages) {
        List<String> args = new ArrayList<>();
        for (Path dp : deploymentPackages) {
            args.add("--dp");
            args.add(dp.toAbsolutePath().toString());
        }
        return new TargetSpec(label, "kura", args, DEFAULT_JVM_OPTIONS);
    }

    public TargetSpec withJvmOptions(List<String> options) {
        return new TargetSpec(label, kind, arguments, options, launcher);
    }

    public TargetSpec withLauncher(List<String> command) {
        return new TargetSpec(label, kind, arguments, jvmOptions, command);
    }

    public TargetSpec withArguments(List<String> more) {
        List<String> all = new ArrayList<>(arguments);
        all.addAll(more);
        return new TargetSpec(label, kind, all, jvmOptions, launcher);
    }
}
