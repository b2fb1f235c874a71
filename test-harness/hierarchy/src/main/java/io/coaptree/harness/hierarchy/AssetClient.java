package io.coaptree.harness.hierarchy;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

import io.coaptree.harness.node.KuraNode;

/**
 * Calls a test asset ({@code test-harness/kura-asset}) on a node by reflection: the launcher shares no class with the
 * framework, and the asset's methods take and return JDK types only. Used by the driver's integration test and its
 * benchmark.
 */
public final class AssetClient {

    public static final String ASSET_FACTORY_PID = "io.coaptree.harness.asset.TestAsset";
    public static final String DRIVER_FACTORY_PID = "io.coaptree.driver.CoapDriver";

    private final KuraNode node;
    private final String pid;

    public AssetClient(KuraNode node, String pid) {
        this.node = node;
        this.pid = pid;
    }

    /** Installs and starts the test asset bundle (the jar the build left) on a node. */
    public static void install(KuraNode node, Path bundleJar) throws Exception {
        Bundle bundle = node.bundleContext().installBundle(bundleJar.toUri().toString());
        bundle.start();
    }

    /** Waits until the asset is registered and attached to its driver. */
    public void awaitAttached(Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                if (attached()) {
                    return;
                }
            } catch (IllegalStateException notYet) {
                // the asset component is not registered yet
            }
            Thread.sleep(50);
        }
        throw new AssertionError("asset " + pid + " did not attach to its driver within " + timeout);
    }

    public boolean attached() throws Exception {
        return (Boolean) call("attached");
    }

    @SuppressWarnings("unchecked")
    public List<String> channelColumns() throws Exception {
        return (List<String>) call("channelColumns");
    }

    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> readAll() throws Exception {
        return (List<Map<String, Object>>) call("readAll");
    }

    /** @return the record of the channel named */
    public Map<String, Object> read(String channel) throws Exception {
        return readAll().stream().filter(r -> channel.equals(r.get("channel"))).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> write(String channel, String value) throws Exception {
        return (Map<String, Object>) call("write", channel, value);
    }

    public void listen(String channel) throws Exception {
        call("listen", channel);
    }

    public void unlisten(String channel) throws Exception {
        call("unlisten", channel);
    }

    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> events(String channel) throws Exception {
        return (List<Map<String, Object>>) call("events", channel);
    }

    private Object call(String method, Object... arguments) throws Exception {
        BundleContext context = node.bundleContext();
        ServiceReference<?>[] references = context.getAllServiceReferences(ASSET_FACTORY_PID,
                "(kura.service.pid=" + pid + ")");
        if (references == null) {
            throw new IllegalStateException("no asset " + pid + " on " + node.name());
        }
        Object asset = context.getService(references[0]);
        try {
            for (Method candidate : asset.getClass().getMethods()) {
                if (candidate.getName().equals(method) && candidate.getParameterCount() == arguments.length) {
                    return candidate.invoke(asset, arguments);
                }
            }
            throw new NoSuchMethodException(method);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } finally {
            context.ungetService(references[0]);
        }
    }
}
