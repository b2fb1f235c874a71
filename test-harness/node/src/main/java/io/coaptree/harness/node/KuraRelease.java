package io.coaptree.harness.node;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a Kura 5.6 gateway runs, as listed in kura-5.6/*.tsv inside this jar (copies of ../shared/kura/, read from
 * Kura's release-5.6.0 distribution build): its bundles with exact versions, the packages they export and the
 * capabilities they provide. The node's runtime set and the resolve check are judged against these lists.
 */
public final class KuraRelease {

    /** A bundle of the gateway: symbolic name and exact version (qualifier included). */
    public record KuraBundle(String symbolicName, String version) {
    }

    /** A package some bundle of the gateway exports ("pkg.*" rows export a whole subtree). */
    public record Export(String bundle, String packageName, String version) {
    }

    /** A capability some bundle of the gateway provides: namespace and attributes (a=v;b=v, lists comma-separated). */
    public record Capability(String bundle, String namespace, Map<String, Object> attributes) {
    }

    private static final String FOLDER = "/kura-5.6/";

    private final List<KuraBundle> bundles;
    private final List<Export> exports;
    private final List<Capability> capabilities;

    private KuraRelease(List<KuraBundle> bundles, List<Export> exports, List<Capability> capabilities) {
        this.bundles = bundles;
        this.exports = exports;
        this.capabilities = capabilities;
    }

    /** Kura 5.6.0 as packaged in this jar. */
    public static KuraRelease kura56() {
        List<KuraBundle> bundles = new ArrayList<>();
        for (String[] row : rows("bundles.tsv")) {
            bundles.add(new KuraBundle(row[0], row[1]));
        }
        List<Export> exports = new ArrayList<>();
        for (String[] row : rows("exports.tsv")) {
            exports.add(new Export(row[0], row[2], row[3]));
        }
        List<Capability> capabilities = new ArrayList<>();
        for (String[] row : rows("capabilities.tsv")) {
            capabilities.add(new Capability(row[0], row[2], attributes(row.length > 3 ? row[3] : "")));
        }
        return new KuraRelease(List.copyOf(bundles), List.copyOf(exports), List.copyOf(capabilities));
    }

    public List<KuraBundle> bundles() {
        return this.bundles;
    }

    public List<Export> exports() {
        return this.exports;
    }

    public List<Capability> capabilities() {
        return this.capabilities;
    }

    /** The raw text of one of the lists, to compare with the shared copy. */
    public static String text(String fileName) {
        try (InputStream in = open(fileName)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Object> attributes(String text) {
        Map<String, Object> attributes = new LinkedHashMap<>();
        for (String pair : text.split(";")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            String key = pair.substring(0, eq).trim();
            String value = pair.substring(eq + 1).trim();
            if (key.equals("version")) {
                attributes.put(key, org.osgi.framework.Version.parseVersion(value));
            } else if (value.contains(",")) {
                attributes.put(key, List.of(value.split(",")));
            } else {
                attributes.put(key, value);
            }
        }
        return attributes;
    }

    private static List<String[]> rows(String fileName) {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = open(fileName);
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    rows.add(line.split("\t"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    private static InputStream open(String fileName) throws IOException {
        InputStream in = KuraRelease.class.getResourceAsStream(FOLDER + fileName);
        if (in == null) {
            throw new IOException(FOLDER + fileName + " is missing from the node jar");
        }
        return in;
    }
}
