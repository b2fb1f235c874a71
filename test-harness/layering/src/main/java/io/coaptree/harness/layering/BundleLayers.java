package io.coaptree.harness.layering;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layering of one CoAPTree bundle, checked on its compiled classes (tests excluded):
 * <ul>
 * <li>{@code <bundle>.component} holds the DS component and may use anything;</li>
 * <li>each adapter package named here may use the platforms named with it, and no other;</li>
 * <li>every other package is plain logic and uses none of Californium, OSGi, Kura or Paho.</li>
 * </ul>
 * OSGi's build-time annotations ({@code org.osgi.annotation}: package versions, consumer and provider types) are not
 * a dependency at run time and are allowed everywhere.
 */
public final class BundleLayers {

    /** What a package may depend on besides the JDK and the libraries Kura ships (Guava, slf4j). */
    public enum Platform {
        CALIFORNIUM("org.eclipse.californium.."),
        OSGI("org.osgi.framework..", "org.osgi.service.."),
        KURA("org.eclipse.kura.."),
        PAHO("org.eclipse.paho.."),
        /** The servlet API of Kura's web server. */
        SERVLET("javax.servlet..");

        private final String[] packages;

        Platform(String... packages) {
            this.packages = packages;
        }
    }

    /** The package of every bundle's DS component. */
    public static final String COMPONENT = "component";

    private final String bundlePackage;
    private final Map<String, Set<Platform>> adapters = new LinkedHashMap<>();

    private BundleLayers(String bundlePackage) {
        this.bundlePackage = bundlePackage;
    }

    /** @param bundlePackage the bundle's root package, for example {@code io.coaptree.rd} */
    public static BundleLayers of(String bundlePackage) {
        return new BundleLayers(bundlePackage);
    }

    /**
     * @param subpackage a package under the bundle's root ({@code coap} for {@code io.coaptree.rd.coap}), or "" for
     *        the root package itself
     */
    public BundleLayers adapter(String subpackage, Platform first, Platform... more) {
        adapters.put(subpackage, EnumSet.of(first, more));
        return this;
    }

    /** The rules, one per layer: logic, then each adapter. */
    public List<ArchRule> rules() {
        List<ArchRule> rules = new ArrayList<>();
        List<String> notLogic = new ArrayList<>();
        notLogic.add(packageOf(COMPONENT) + "..");
        for (Map.Entry<String, Set<Platform>> adapter : adapters.entrySet()) {
            String pkg = packageOf(adapter.getKey());
            notLogic.add(adapter.getKey().isEmpty() ? pkg : pkg + "..");
            Set<Platform> forbidden = EnumSet.allOf(Platform.class);
            forbidden.removeAll(adapter.getValue());
            if (!forbidden.isEmpty()) {
                rules.add(noClasses().that().resideInAPackage(adapter.getKey().isEmpty() ? pkg : pkg + "..")
                        .should().dependOnClassesThat().resideInAnyPackage(packages(forbidden))
                        .as(pkg + " is an adapter to " + adapter.getValue() + " only"));
            }
        }
        rules.add(noClasses().that().resideInAPackage(bundlePackage + "..")
                .and().resideOutsideOfPackages(notLogic.toArray(new String[0]))
                .should().dependOnClassesThat().resideInAnyPackage(packages(EnumSet.allOf(Platform.class)))
                .as("the logic packages of " + bundlePackage + " use no Californium, OSGi, Kura, Paho or servlet type")
                .allowEmptyShould(true));
        return rules;
    }

    /** Checks every rule against the bundle's own classes; the failure lists each offending dependency. */
    public void check() {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS).importPackages(bundlePackage);
        if (classes.isEmpty()) {
            throw new AssertionError("no classes of " + bundlePackage + " found to check");
        }
        for (ArchRule rule : rules()) {
            rule.check(classes);
        }
    }

    private String packageOf(String subpackage) {
        return subpackage.isEmpty() ? bundlePackage : bundlePackage + "." + subpackage;
    }

    private static String[] packages(Set<Platform> platforms) {
        List<String> out = new ArrayList<>();
        for (Platform platform : platforms) {
            out.addAll(List.of(platform.packages));
        }
        return out.toArray(new String[0]);
    }
}
