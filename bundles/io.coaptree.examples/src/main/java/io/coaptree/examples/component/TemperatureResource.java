package io.coaptree.examples.component;

import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.ExtendedResource;

/**
 * The reference example resource: a temperature sensor at {@code /temperature} with the link attributes
 * {@code position} and {@code p1}, resource type {@code temp}, the node's domain and group, and a reading refreshed
 * every 5 seconds. GET is observable; observers are notified when the reading changes.
 *
 * <p>
 * It publishes itself through {@link CoAPServer#addResource(ExtendedResource, Class)}, the way a third-party bundle
 * written against {@code io.coaptree.api} does. (The other example, {@link SwitchResource}, uses the whiteboard
 * instead.)
 */
@Component(immediate = true)
public class TemperatureResource extends ExtendedResource {

    private static final String resourceName = "temperature";
    static final long REFRESH_PERIOD_MILLIS = 5_000;

    private final String resourceType = "temp";
    private final DoubleSupplier sensor;
    private final long refreshPeriodMillis;
    private transient CoAPServer cs;
    private ScheduledExecutorService timer;
    private volatile String value = "";

    /** The DS constructor: a simulated sensor drifting around 20 °C. */
    public TemperatureResource() {
        this(new SimulatedThermometer(20.0), REFRESH_PERIOD_MILLIS);
    }

    TemperatureResource(DoubleSupplier sensor, long refreshPeriodMillis) {
        super(resourceName);
        this.sensor = sensor;
        this.refreshPeriodMillis = refreshPeriodMillis;
        this.addAttribute("position", "bologna");
        this.addAttribute("p1", "4000");
        getAttributes().addResourceType(resourceType);
        getAttributes().addContentType(MediaTypeRegistry.TEXT_PLAIN);
        setObservable(true);
        getAttributes().setObservable();
    }

    @Activate
    protected void activate(ComponentContext componentContext) {
        this.updateDomainAndGroup(cs); // adds the node's domain and group as attributes d and gp
        refresh(); // a value from the first GET on
        cs.addResource(this, ExtendedResource.class);
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "CoapTree-temperature");
            thread.setDaemon(true);
            return thread;
        });
        timer.scheduleAtFixedRate(this::refresh, refreshPeriodMillis, refreshPeriodMillis, TimeUnit.MILLISECONDS);
    }

    @Deactivate
    protected void deactivate(ComponentContext componentContext) {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
        cs.removeResource(this, ExtendedResource.class);
    }

    @Override
    public void handleGET(CoapExchange exchange) {
        exchange.setMaxAge(refreshPeriodMillis / 1000);
        exchange.respond(ResponseCode.CONTENT, value, MediaTypeRegistry.TEXT_PLAIN);
    }

    @Reference(unbind = "unsetCoAPServer")
    protected void setCoAPServer(CoAPServer cs) { // associate a CoAP server
        this.cs = cs;
    }

    protected void unsetCoAPServer(CoAPServer cs) { // unlink the CoAP server
        if (this.cs == cs) {
            this.cs = null;
        }
    }

    /** Takes a reading; observers hear about it only if the reported value changed. */
    void refresh() {
        String reading = String.format(Locale.ROOT, "%.1f", sensor.getAsDouble());
        if (!reading.equals(value)) {
            value = reading;
            changed();
        }
    }

    /** @return the current reading as served, for example {@code 21.4} */
    String value() {
        return value;
    }

    /** A random walk that stays within a plausible indoor range. */
    static final class SimulatedThermometer implements DoubleSupplier {
        private double celsius;

        SimulatedThermometer(double start) {
            celsius = start;
        }

        @Override
        public synchronized double getAsDouble() {
            celsius += ThreadLocalRandom.current().nextDouble(-0.3, 0.3);
            celsius = Math.max(15.0, Math.min(30.0, celsius));
            return celsius;
        }
    }
}
