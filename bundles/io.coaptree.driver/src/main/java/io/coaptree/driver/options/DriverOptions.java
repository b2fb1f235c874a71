package io.coaptree.driver.options;

import java.util.List;
import java.util.Map;

import io.coaptree.properties.ComponentSettings;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;

/**
 * The settings of one driver instance (factory {@value #PID}: an operator creates instances under Drivers and
 * Assets), typed. The build writes the metatype from {@link #SETTINGS}; a bad value is refused with an
 * {@link InvalidPropertyException} naming the property.
 *
 * @param identity the Kura identity the driver calls as ({@code kura:<identity>}), empty for anonymous calls
 * @param requestTimeoutMillis how long a read or write may take before its channel reports a timeout
 * @param maxInFlight how many requests of this instance may be under way at once
 * @param observeRetryMillis how long after an Observe relation ended it is registered again
 */
public record DriverOptions(String identity, long requestTimeoutMillis, int maxInFlight, long observeRetryMillis) {

    public static final String PID = "io.coaptree.driver.CoapDriver";

    public static final Setting<String> IDENTITY = Setting.text("driver.identity", "").optional()
            .named("Identity")
            .describedAs("The Kura identity this driver instance calls as: requests reach the owning gateway as "
                    + "kura:<identity>, so its access.writers allow-list admits or refuses the driver's writes "
                    + "(name it there as kura:<identity>). Empty: the driver calls anonymously and may only read.");
    public static final Setting<Long> REQUEST_TIMEOUT = Setting.longValue("driver.request.timeout.ms", 8_000)
            .range(100, 600_000).named("Request timeout (ms)")
            .describedAs("A read or write without an answer after this long fails with a timeout status. Keep it "
                    + "above the tree's remotequery.request.timeout.ms (5000) so the tree's own answer (5.04, "
                    + "5.03 with its reason) reaches the channel.");
    public static final Setting<Integer> MAX_IN_FLIGHT = Setting.integer("driver.max.in.flight", 64)
            .range(1, 4_096).named("Requests in flight")
            .describedAs("Requests of this driver instance under way at once (an asset's channels are read "
                    + "concurrently); further requests wait their turn within their timeout.");
    public static final Setting<Long> OBSERVE_RETRY = Setting.longValue("driver.observe.retry.ms", 2_000)
            .range(100, 3_600_000).named("Observe retry (ms)")
            .describedAs("When an Observe relation of a channel listener ends (the resource's gateway or a relaying "
                    + "parent failed, the resource went away), it is registered again after this long, until the "
                    + "last listener leaves.");

    public static final List<Setting<?>> ALL = List.of(IDENTITY, REQUEST_TIMEOUT, MAX_IN_FLIGHT, OBSERVE_RETRY);

    public static final ComponentSettings SETTINGS = ComponentSettings.of(PID, "CoAPTree Driver",
            "A Kura driver for CoAP resources: the channels of its assets read, write and observe resources of this "
                    + "gateway and, under /tree/..., of every gateway of the CoAPTree, as this instance's identity.",
            ALL).asFactory();

    public DriverOptions {
        if (!identity.isEmpty() && !identity.matches("[A-Za-z0-9._@-]{1,64}")) {
            throw new InvalidPropertyException(IDENTITY.id(), "'" + identity
                    + "' is not 1 to 64 characters a-z A-Z 0-9 . _ @ -");
        }
        REQUEST_TIMEOUT.check(requestTimeoutMillis);
        MAX_IN_FLIGHT.check(maxInFlight);
        OBSERVE_RETRY.check(observeRetryMillis);
    }

    /**
     * @param properties the instance's configuration as Kura delivers it
     * @throws InvalidPropertyException naming the first bad property
     */
    public static DriverOptions fromProperties(Map<String, ?> properties) {
        return new DriverOptions(IDENTITY.from(properties).trim(), REQUEST_TIMEOUT.from(properties),
                MAX_IN_FLIGHT.from(properties), OBSERVE_RETRY.from(properties));
    }
}
