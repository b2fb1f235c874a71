package io.coaptree.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.coaptree.harness.junit.Prerequisites;

/**
 * libcoap's command-line client (Debian libcoap3-bin): a CoAP implementation nobody on this project wrote.
 * Where it is not installed the test is skipped, except under CI (CI=true), where its absence is a failure.
 */
public final class Libcoap {

    public record Result(int exitCode, String output) {
    }

    private Libcoap() {
    }

    public static Result run(String client, String... args) throws IOException, InterruptedException {
        Path binary = Prerequisites.debianTool(client, "libcoap3-bin");
        List<String> command = new ArrayList<>();
        command.add(binary.toString());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish within 30 s");
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        return new Result(process.exitValue(), output);
    }
}
