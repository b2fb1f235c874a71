package io.coaptree.bench.seeds.coaptree;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Starts {@link ColdExchangeMain} in a child JVM with this JVM's class path and returns its result line. */
final class ColdRun {

    static final long TIMEOUT_SECONDS = 300;

    private ColdRun() {
    }

    static String run(String brokerUrl, TransportAblation.Variant variant, int exchanges, PublishRateLimit storeLimit)
            throws Exception {
        Process process = new ProcessBuilder(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-cp", System.getProperty("java.class.path"),
                ColdExchangeMain.class.getName(), brokerUrl, variant.storeBacked() ? "store" : "lean",
                variant.format().name(), Integer.toString(exchanges), storeLimit.text()))
                .redirectErrorStream(true).start();
        String result = null;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null;) {
                if (line.startsWith(ColdExchangeMain.PREFIX)) {
                    result = line.substring(ColdExchangeMain.PREFIX.length());
                }
            }
        }
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        if (result == null) {
            throw new IllegalStateException("the cold run of " + variant.label() + " printed no result");
        }
        return result;
    }

    /** {@code seconds} from "seconds=0.5 answered=1000 failures={}". */
    static String field(String line, String name) {
        for (String part : line.split(" ")) {
            if (part.startsWith(name + "=")) {
                return part.substring(name.length() + 1);
            }
        }
        throw new IllegalArgumentException("no " + name + " in " + line);
    }
}
