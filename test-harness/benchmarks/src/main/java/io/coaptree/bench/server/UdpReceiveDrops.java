package io.coaptree.bench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Datagrams the kernel dropped because a socket's receive buffer was full ({@code RcvbufErrors} of
 * {@code /proc/net/snmp}), machine-wide. Over loopback this is where UDP loses requests and answers: a request that
 * times out with its server idle was most likely dropped here.
 */
public final class UdpReceiveDrops {

    private UdpReceiveDrops() {
    }

    /** The counter now, or -1 without /proc. */
    public static long now() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/net/snmp"));
            for (int i = 0; i + 1 < lines.size(); i++) {
                if (lines.get(i).startsWith("Udp:") && lines.get(i + 1).startsWith("Udp:")) {
                    return valueOf(lines.get(i), lines.get(i + 1), "RcvbufErrors");
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc: unknown
        }
        return -1;
    }

    /**
     * Datagrams dropped so far at the UDP socket(s) bound to local {@code port} (the {@code drops} column of
     * {@code /proc/net/udp} and {@code udp6}): tells the server's losses from the clients'. -1 without /proc.
     */
    public static long atPort(int port) {
        long drops = -1;
        String hexPort = String.format(":%04X", port);
        for (String table : List.of("/proc/net/udp", "/proc/net/udp6")) {
            try {
                for (String line : Files.readAllLines(Path.of(table))) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length > 12 && f[1].endsWith(hexPort)) {
                        drops = Math.max(0, drops) + Long.parseLong(f[f.length - 1]);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // no such table
            }
        }
        return drops;
    }

    static long valueOf(String header, String values, String name) {
        String[] names = header.trim().split("\\s+");
        String[] numbers = values.trim().split("\\s+");
        for (int i = 0; i < names.length && i < numbers.length; i++) {
            if (names[i].equals(name)) {
                return Long.parseLong(numbers[i]);
            }
        }
        return -1;
    }
}
