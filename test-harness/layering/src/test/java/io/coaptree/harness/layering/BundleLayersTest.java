package io.coaptree.harness.layering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;

import io.coaptree.harness.layering.BundleLayers.Platform;

/** The rule on a fixture bundle with a leak in its logic and one in its adapter. */
class BundleLayersTest {

    private static final String FIXTURE = "io.coaptree.harness.layering.fixture";

    private final JavaClasses classes = new ClassFileImporter().importPackages(FIXTURE);

    @Test
    void findsTheLeakInTheAdapterAndInTheLogicButNotInTheComponent() {
        List<ArchRule> rules = BundleLayers.of(FIXTURE).adapter("coap", Platform.CALIFORNIUM).rules();
        assertEquals(2, rules.size());

        EvaluationResult adapter = rules.get(0).evaluate(classes);
        assertTrue(adapter.hasViolation());
        assertTrue(details(adapter).contains("fixture.coap.Adapter"), details(adapter));

        EvaluationResult logic = rules.get(1).evaluate(classes);
        String found = details(logic);
        assertTrue(found.contains("fixture.logic.Leaky"), found);
        assertFalse(found.contains("fixture.logic.Plain"), "an OSGi build-time annotation is no dependency: " + found);
        assertFalse(found.contains("fixture.component"), "the component may use OSGi: " + found);
        assertFalse(found.contains("fixture.coap"), "the adapter has its own rule: " + found);
    }

    @Test
    void anAdapterAllowedTheLeakedPlatformPasses() {
        List<ArchRule> rules = BundleLayers.of(FIXTURE).adapter("coap", Platform.CALIFORNIUM, Platform.OSGI)
                .adapter("logic", Platform.OSGI).rules();

        for (ArchRule rule : rules) {
            assertFalse(rule.evaluate(classes).hasViolation(), rule.getDescription());
        }
    }

    private static String details(EvaluationResult result) {
        return String.join("\n", result.getFailureReport().getDetails());
    }
}
