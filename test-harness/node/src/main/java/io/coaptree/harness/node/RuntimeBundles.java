package io.coaptree.harness.node;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Kura's runtime set as packaged in this jar: kura-runtime/bundles.list names the bundle files in install order.
 * Bundles are read from the jar itself, so the node needs no repository or download at run time.
 */
final class RuntimeBundles {

    static final String FOLDER = "/kura-runtime/";
    static final String LIST = FOLDER + "bundles.list";
    static final String LOCATION_PREFIX = "coaptree-kura-runtime:";

    private RuntimeBundles() {
    }

    static final String LAZY = " lazy";

    /** File names, in install order, each followed by {@value #LAZY} when it is started with its activation policy. */
    static List<String> entries() throws IOException {
        try (InputStream in = open(LIST);
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            List<String> names = new ArrayList<>();
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String trimmed = line.trim();
                if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
                    names.add(trimmed);
                }
            }
            return names;
        }
    }

    static InputStream open(String resource) throws IOException {
        String path = resource.startsWith("/") ? resource : FOLDER + resource;
        InputStream in = RuntimeBundles.class.getResourceAsStream(path);
        if (in == null) {
            throw new IOException(path + " is missing from the node jar (build test-harness/node with Maven)");
        }
        return in;
    }

    /** File names, in install order. */
    static List<String> fileNames() throws IOException {
        List<String> names = new ArrayList<>();
        for (String entry : entries()) {
            names.add(fileName(entry));
        }
        return names;
    }

    static String fileName(String entry) {
        return isLazy(entry) ? entry.substring(0, entry.length() - LAZY.length()).trim() : entry;
    }

    static boolean isLazy(String entry) {
        return entry.endsWith(LAZY);
    }
}
