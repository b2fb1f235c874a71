package io.coaptree.it;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the build left the artifacts under test (set by Surefire from the pom). */
final class Packages {

    private Packages() {
    }

    static Path core() {
        return existing("coaptree.dp.core");
    }

    static Path examples() {
        return existing("coaptree.dp.examples");
    }

    static Path kuraConfig(String file) {
        return existing("coaptree.kura-config").resolve(file);
    }

    private static Path existing(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("system property " + property + " is not set: run the tests through Maven");
        }
        Path path = Path.of(value);
        if (!Files.exists(path)) {
            throw new IllegalStateException(property + ": " + path + " does not exist; build the features first");
        }
        return path;
    }
}
