package io.coaptree.harness.junit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Assumptions;

/**
 * What a test needs from the machine beyond Maven's dependencies (Debian's Mosquitto, libcoap's clients, Chromium,
 * iproute2's {@code ss}, the shared Kura lists beside the checkout), and the one rule for when it is missing: the test
 * is skipped and says why, except under CI, where {@code .ci/run} installs everything and a missing prerequisite
 * fails the run instead of letting a check pass unseen.
 */
public final class Prerequisites {

    /** The environment variable CI services set; {@code .ci/run} sets it too. */
    static final String CI = "CI";

    private Prerequisites() {
    }

    /** Whether this run is CI's: the environment variable {@code CI} is {@code true}, in any case. */
    public static boolean underCi() {
        return isCi(System.getenv(CI));
    }

    static boolean isCi(String value) {
        return value != null && value.trim().toLowerCase(Locale.ROOT).equals("true");
    }

    /**
     * The executable {@code name} of the Debian package {@code debianPackage}, from the PATH or the system folders
     * Debian installs daemons into (not on every user's PATH); when it is absent, {@link #missing}.
     */
    public static Path debianTool(String name, String debianPackage) {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "/usr/bin").split(":")));
        dirs.addAll(List.of("/usr/sbin", "/usr/local/sbin"));
        for (String dir : dirs) {
            Path candidate = Path.of(dir, name);
            if (!dir.isEmpty() && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw missing(name + " is not installed (Debian package " + debianPackage + ")");
    }

    /**
     * A test cannot run because {@code what} is missing: under CI an {@link AssertionError} (the run fails), elsewhere
     * the test is aborted (reported as skipped, with {@code what}). Never returns normally; the return type lets a
     * caller write {@code throw Prerequisites.missing(...)}.
     */
    public static RuntimeException missing(String what) {
        return missing(what, underCi());
    }

    static RuntimeException missing(String what, boolean underCi) {
        if (underCi) {
            throw new AssertionError(what + "; under CI=true a missing prerequisite is a failure, not a skip");
        }
        return Assumptions.<RuntimeException>abort(what);
    }
}
