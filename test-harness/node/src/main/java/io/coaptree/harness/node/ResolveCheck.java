package io.coaptree.harness.node;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;

import org.osgi.framework.Filter;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.Version;
import org.osgi.framework.VersionRange;

import aQute.bnd.header.Attrs;
import aQute.bnd.header.OSGiHeader;
import aQute.bnd.header.Parameters;

/**
 * Would the bundles of these deployment packages resolve on a Kura 5.6 gateway? Every mandatory Import-Package,
 * Require-Bundle and resolve-time Require-Capability of every bundle in the packages must be met by what Kura
 * exports and provides ({@link KuraRelease}) or by a bundle of the packages themselves. On a gateway an unmet one
 * leaves the bundle INSTALLED while DeploymentAdmin reports the package installed: nothing else says so.
 */
public final class ResolveCheck {

    /** One bundle read from a package: its symbolic name, version and manifest. */
    record PackagedBundle(String symbolicName, String version, Attributes manifest) {
    }

    private final KuraRelease kura;

    public ResolveCheck(KuraRelease kura) {
        this.kura = kura;
    }

    /** Human-readable problems, one per unmet requirement (bundle, what, range); empty when all would resolve. */
    public List<String> problems(List<Path> deploymentPackages) throws IOException {
        List<PackagedBundle> bundles = new ArrayList<>();
        for (Path dp : deploymentPackages) {
            bundles.addAll(bundlesOf(dp));
        }
        List<String> problems = new ArrayList<>();
        for (PackagedBundle bundle : bundles) {
            String who = bundle.symbolicName() + " " + bundle.version();
            imports(bundle).forEach((name, attrs) -> {
                if (isMandatory(attrs)) {
                    String range = attrs.get("version");
                    VersionRange versions = range == null ? null : new VersionRange(range);
                    if (!exported(name, versions, bundles)) {
                        problems.add(who + ": Import-Package " + name + " " + (range == null ? "(any version)" : range)
                                + " is exported neither by Kura 5.6 nor by a bundle of the packages");
                    }
                }
            });
            header(bundle, "Require-Bundle").forEach((name, attrs) -> {
                String range = attrs.get("bundle-version");
                if (isMandatory(attrs) && !bundlePresent(clean(name), range, bundles)) {
                    problems.add(who + ": Require-Bundle " + clean(name) + " " + (range == null ? "" : range)
                            + " is neither in Kura 5.6 nor in the packages");
                }
            });
            header(bundle, "Require-Capability").forEach((namespace, attrs) -> {
                String effective = attrs.get("effective:");
                if (isMandatory(attrs) && (effective == null || effective.equals("resolve"))) {
                    String filter = attrs.get("filter:");
                    if (!capabilityPresent(clean(namespace), filter, bundles)) {
                        problems.add(who + ": Require-Capability " + clean(namespace) + " " + filter
                                + " is provided neither by Kura 5.6 nor by a bundle of the packages");
                    }
                }
            });
        }
        return problems;
    }

    /** The version range with which a bundle of the package imports a package; null if it does not import it. */
    public static String importRange(Path deploymentPackage, String bundleSymbolicName, String packageName)
            throws IOException {
        for (PackagedBundle bundle : bundlesOf(deploymentPackage)) {
            if (bundle.symbolicName().equals(bundleSymbolicName)) {
                Attrs attrs = imports(bundle).get(packageName);
                return attrs == null ? null : attrs.get("version");
            }
        }
        return null;
    }

    /**
     * The packages that a bundle of these deployment packages, chosen by its symbolic name, exports and that no other
     * bundle of them imports, each as {@code "<bundle> exports <package>"}; empty when every export has a user. An
     * export is an API its bundle must keep stable, so none should be made for nothing.
     */
    public static List<String> unimportedExports(List<Path> deploymentPackages, Predicate<String> exporters)
            throws IOException {
        List<PackagedBundle> bundles = new ArrayList<>();
        for (Path dp : deploymentPackages) {
            bundles.addAll(bundlesOf(dp));
        }
        List<String> unimported = new ArrayList<>();
        for (PackagedBundle exporter : bundles) {
            if (!exporters.test(exporter.symbolicName())) {
                continue;
            }
            Parameters exports = header(exporter, "Export-Package");
            Set<String> needed = new HashSet<>();
            for (String exported : exports.keySet()) {
                String packageName = clean(exported);
                if (bundles.stream().filter(bundle -> bundle != exporter).anyMatch(bundle -> imports(bundle).keySet()
                        .stream().map(ResolveCheck::clean).anyMatch(packageName::equals))) {
                    needed.add(packageName);
                }
            }
            // A package that a needed export's signatures use (bnd's uses: directive) must be exported with it, or
            // an importer could not call what it imported: it is needed too, however nobody imports it by name.
            Deque<String> toFollow = new ArrayDeque<>(needed);
            while (!toFollow.isEmpty()) {
                String uses = usesOf(exports, toFollow.pop());
                for (String used : uses.split(",")) {
                    String name = used.trim();
                    if (exports.keySet().stream().map(ResolveCheck::clean).anyMatch(name::equals) && needed.add(name)) {
                        toFollow.push(name);
                    }
                }
            }
            for (String exported : exports.keySet()) {
                if (!needed.contains(clean(exported))) {
                    unimported.add(exporter.symbolicName() + " exports " + clean(exported));
                }
            }
        }
        return unimported;
    }

    private static String usesOf(Parameters exports, String packageName) {
        return exports.entrySet().stream().filter(e -> clean(e.getKey()).equals(packageName))
                .map(e -> e.getValue().get("uses:")).filter(Objects::nonNull).findFirst().orElse("");
    }

    private static Parameters imports(PackagedBundle bundle) {
        return header(bundle, "Import-Package");
    }

    private static Parameters header(PackagedBundle bundle, String name) {
        String value = bundle.manifest().getValue(name);
        return value == null ? new Parameters() : OSGiHeader.parseHeader(value);
    }

    /** bnd marks a repeated key with trailing '~'. */
    private static String clean(String key) {
        return key.replaceAll("~+$", "");
    }

    private static boolean isMandatory(Attrs attrs) {
        return !"optional".equals(attrs.get("resolution:"));
    }

    private boolean exported(String name, VersionRange versions, List<PackagedBundle> bundles) {
        String packageName = clean(name);
        for (KuraRelease.Export export : this.kura.exports()) {
            if (matches(export.packageName(), packageName) && within(versions, export.version())) {
                return true;
            }
        }
        for (PackagedBundle bundle : bundles) {
            for (Map.Entry<String, Attrs> export : header(bundle, "Export-Package").entrySet()) {
                if (clean(export.getKey()).equals(packageName) && within(versions, export.getValue().get("version"))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean matches(String exported, String packageName) {
        return exported.equals(packageName)
                || exported.endsWith(".*") && packageName.startsWith(exported.substring(0, exported.length() - 1));
    }

    private static boolean within(VersionRange versions, String version) {
        return versions == null || versions.includes(Version.parseVersion(version == null ? "0.0.0" : version));
    }

    private boolean bundlePresent(String symbolicName, String range, List<PackagedBundle> bundles) {
        VersionRange versions = range == null ? null : new VersionRange(range);
        return this.kura.bundles().stream()
                .anyMatch(b -> b.symbolicName().equals(symbolicName) && within(versions, b.version()))
                || bundles.stream().anyMatch(b -> b.symbolicName().equals(symbolicName) && within(versions, b.version()));
    }

    private boolean capabilityPresent(String namespace, String filterText, List<PackagedBundle> bundles) {
        Filter filter;
        try {
            filter = filterText == null ? null : FrameworkUtil.createFilter(filterText);
        } catch (InvalidSyntaxException e) {
            return false;
        }
        for (KuraRelease.Capability capability : this.kura.capabilities()) {
            if (capability.namespace().equals(namespace)
                    && (filter == null || filter.matches(capability.attributes()))) {
                return true;
            }
        }
        for (PackagedBundle bundle : bundles) {
            for (Map.Entry<String, Attrs> provided : header(bundle, "Provide-Capability").entrySet()) {
                if (clean(provided.getKey()).equals(namespace)
                        && (filter == null || filter.matches(typed(provided.getValue())))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static Map<String, Object> typed(Attrs attrs) {
        Map<String, Object> map = new HashMap<>();
        for (String key : attrs.keySet()) {
            Object value = attrs.getTyped(key);
            map.put(key, value instanceof aQute.bnd.version.Version v ? new Version(v.toString()) : value);
        }
        return map;
    }

    private static List<PackagedBundle> bundlesOf(Path dp) throws IOException {
        List<PackagedBundle> bundles = new ArrayList<>();
        try (InputStream in = Files.newInputStream(dp); JarInputStream jar = new JarInputStream(in)) {
            for (JarEntry entry = jar.getNextJarEntry(); entry != null; entry = jar.getNextJarEntry()) {
                if (!entry.getName().endsWith(".jar")) {
                    continue;
                }
                Manifest manifest = new JarInputStream(new NonClosing(jar)).getManifest();
                if (manifest == null) {
                    throw new IOException(dp + ": " + entry.getName() + " has no manifest");
                }
                Attributes main = manifest.getMainAttributes();
                bundles.add(new PackagedBundle(main.getValue("Bundle-SymbolicName").split(";")[0].trim(),
                        main.getValue("Bundle-Version"), main));
            }
        }
        return bundles;
    }

    /** Lets a nested JarInputStream read one entry without closing the outer stream. */
    private static final class NonClosing extends java.io.FilterInputStream {
        NonClosing(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // the outer stream goes on to the next entry
        }
    }
}
