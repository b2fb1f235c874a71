package io.coaptree.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.coaptree.harness.junit.Prerequisites;

/**
 * A UDP socket's buffer as the kernel books it, read from outside with iproute2's {@code ss} (socket memory,
 * {@code skmem:(...,rbN,...)}): the server's own report would only repeat what it asked for. Where {@code ss} is
 * missing the test is skipped, except under CI (CI=true), where its absence is a failure.
 */
final class SocketBuffers {

    private static final Pattern RECEIVE_BUFFER = Pattern.compile("skmem:\\([^)]*\\brb(\\d+)");

    private SocketBuffers() {
    }

    /** Linux's cap on what a socket may ask for, {@code net.core.rmem_max}, in bytes. */
    static long receiveBufferCap() throws IOException {
        // read to the end of the line: Files.readString trusts the size /proc reports and returned one byte
        try (BufferedReader reader = Files.newBufferedReader(Path.of("/proc/sys/net/core/rmem_max"))) {
            return Long.parseLong(reader.readLine().trim());
        }
    }

    /** The receive buffer (bytes, the kernel's doubled figure) of the UDP socket bound to {@code port}. */
    static long receiveBufferOfUdpPort(int port) throws IOException, InterruptedException {
        Path ss = Prerequisites.debianTool("ss", "iproute2");
        // -u UDP, -a unconnected too, -m socket memory, -n numeric; the filter keeps the one port
        Process process = new ProcessBuilder(List.of(ss.toString(), "-uamn", "sport = :" + port))
                .redirectErrorStream(true).start();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("ss did not finish within 10 s");
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Matcher m = RECEIVE_BUFFER.matcher(output);
        if (!m.find()) {
            throw new AssertionError("no UDP socket on port " + port + " in: " + output);
        }
        return Long.parseLong(m.group(1));
    }
}
