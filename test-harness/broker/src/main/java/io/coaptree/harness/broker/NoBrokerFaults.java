package io.coaptree.harness.broker;

import java.util.List;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test during which an embedded broker of this JVM saw a fault ({@link EmbeddedBroker#faults()}): checked
 * after each test, and after each class for what its {@code @AfterAll} teardown and its brokers' stops did. Faults
 * seen before a class started (a broker another class left running) fail that class's start.
 *
 * <p>
 * Registered for every test class of a module by JUnit's extension auto-detection: this jar lists it in
 * {@code META-INF/services/org.junit.jupiter.api.extension.Extension}, and a module whose tests use the embedded
 * broker sets the configuration parameter {@code junit.jupiter.extensions.autodetection.enabled=true} (a system
 * property of its surefire run), so no test can forget the check. A class that starts no broker passes it at no cost.
 */
public final class NoBrokerFaults implements BeforeAllCallback, AfterEachCallback, AfterAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        check("before " + context.getDisplayName() + " started");
    }

    @Override
    public void afterEach(ExtensionContext context) {
        check("during " + context.getDisplayName());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        check("while " + context.getDisplayName() + " finished");
    }

    private static void check(String when) {
        List<String> faults = BrokerFaults.unreported();
        if (!faults.isEmpty()) {
            throw new AssertionError("the embedded broker saw faults " + when + ":\n  " + String.join("\n  ", faults));
        }
    }
}
