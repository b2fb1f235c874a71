package io.coaptree.harness.exchange;

import java.util.Hashtable;
import java.util.Map;
import java.util.concurrent.TimeoutException;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.configuration.ConfigurableComponent;
import org.eclipse.kura.data.DataTransportService;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.harness.exchange.run.Initiator;
import io.coaptree.harness.exchange.run.ProbeRole;
import io.coaptree.harness.exchange.run.ProbeSettings;
import io.coaptree.harness.exchange.run.Responder;
import io.coaptree.harness.exchange.run.RunResult;
import io.coaptree.properties.ConfigurationChange;

/**
 * A factory component (one instance per configuration) that uses the {@link DataTransportService} its
 * {@code DataTransportService.target} selects, as CoAPTree's bundles do: a responder answers request envelopes, an
 * initiator runs a batch of exchanges. Progress and results are the properties of an {@link ExchangeProbeStatus}
 * service; a configuration change restarts the instance (and an initiator's run), an unchanged one does not.
 */
@Component(name = ExchangeProbe.FACTORY_PID, configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true,
        service = ConfigurableComponent.class)
public final class ExchangeProbe implements ConfigurableComponent {

    public static final String FACTORY_PID = "io.coaptree.harness.exchange.ExchangeProbe";

    private static final Logger logger = LoggerFactory.getLogger(ExchangeProbe.class);

    private DataTransportService transport;
    private Object transportPid;
    private final Hashtable<String, Object> status = new Hashtable<>();
    private ServiceRegistration<ExchangeProbeStatus> registration;
    private ProbeRole role;
    private Thread worker;
    private BundleContext context;
    private Map<String, Object> running = Map.of();

    /** Static: a different transport (a new target filter) means a new instance. */
    @Reference(name = "DataTransportService", target = "(kura.service.pid=io.coaptree.mqtt.LeanMqttDataTransport)")
    void bindDataTransportService(DataTransportService transport, Map<String, Object> properties) {
        this.transport = transport;
        this.transportPid = properties.get("kura.service.pid");
    }

    @Activate
    void activate(BundleContext context, Map<String, Object> properties) {
        this.context = context;
        this.running = Map.copyOf(properties);
        Object pid = properties.getOrDefault("kura.service.pid", properties.get("service.pid"));
        status.put("kura.service.pid", String.valueOf(pid));
        status.put(ExchangeProbeStatus.TRANSPORT_PID, String.valueOf(transportPid));
        status.put(ExchangeProbeStatus.STATE, "starting");
        ProbeSettings settings;
        try {
            settings = ProbeSettings.from(properties);
        } catch (IllegalArgumentException e) {
            status.put(ExchangeProbeStatus.STATE, "failed");
            status.put(ExchangeProbeStatus.ERROR, "invalid configuration: " + e.getMessage());
            registration = context.registerService(ExchangeProbeStatus.class, new ExchangeProbeStatus() {
            }, status);
            logger.error("Exchange probe {}: invalid configuration: {}", pid, e.getMessage());
            return;
        }
        status.put(ExchangeProbeStatus.MODE, settings.mode().name().toLowerCase(java.util.Locale.ROOT));
        status.put(ProbeSettings.TOPIC, settings.topic());
        registration = context.registerService(ExchangeProbeStatus.class, new ExchangeProbeStatus() {
        }, status);

        String nodeName = String.valueOf(context.getProperty("kura.name"));
        EnvelopeCodec codec = new EnvelopeCodec();
        if (settings.mode() == ProbeSettings.Mode.RESPONDER) {
            Responder responder = new Responder(transport, settings, codec, nodeName);
            role = responder;
            transport.addDataTransportListener(responder);
            worker = new Thread(() -> startResponder(responder), "exchange-probe-" + pid);
        } else {
            Initiator initiator = new Initiator(transport, settings, codec, nodeName);
            role = initiator;
            transport.addDataTransportListener(initiator);
            worker = new Thread(() -> runInitiator(initiator, settings), "exchange-probe-" + pid);
        }
        worker.setDaemon(true);
        worker.start();
        logger.info("Exchange probe {} started with {} over {}", pid, settings, transportPid);
    }

    private void startResponder(Responder responder) {
        try {
            responder.start();
            update(Map.of(ExchangeProbeStatus.STATE, "ready"));
        } catch (KuraException | TimeoutException e) {
            update(Map.of(ExchangeProbeStatus.STATE, "failed", ExchangeProbeStatus.ERROR, e.toString()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void runInitiator(Initiator initiator, ProbeSettings settings) {
        update(Map.of(ExchangeProbeStatus.STATE, "running", ExchangeProbeStatus.REQUESTED, settings.exchanges()));
        try {
            RunResult result = initiator.run();
            logger.info("Exchange probe run: {} of {} exchanges ok, {} errors, {} ms, {} back-offs{}", result.ok(),
                    result.requested(), result.errors(), result.totalMillis(), result.backoffs(),
                    result.firstError().isEmpty() ? "" : "; first error: " + result.firstError());
            update(Map.of(ExchangeProbeStatus.STATE, "done",
                    ExchangeProbeStatus.OK, result.ok(),
                    ExchangeProbeStatus.ERRORS, result.errors(),
                    ExchangeProbeStatus.TOTAL_MILLIS, result.totalMillis(),
                    ExchangeProbeStatus.BACKOFFS, result.backoffs(),
                    ExchangeProbeStatus.ERROR, result.firstError()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized void update(Map<String, Object> changes) {
        status.putAll(changes);
        if (registration != null) {
            registration.setProperties(status);
        }
    }

    /**
     * A changed configuration restarts the instance; an unchanged one is ignored. Kura's ConfigurationService writes
     * a factory instance's configuration back (defaults merged) each time the instance registers, so a component
     * that restarted on every update would restart for ever.
     */
    @Modified
    void modified(Map<String, Object> properties) {
        if (ConfigurationChange.none(this.running, properties)) {
            return;
        }
        deactivate();
        activate(this.context, properties);
    }

    @Deactivate
    void deactivate() {
        if (worker != null) {
            worker.interrupt();
        }
        if (role != null) {
            transport.removeDataTransportListener(role);
        }
        synchronized (this) {
            if (registration != null) {
                registration.unregister();
                registration = null;
            }
        }
    }
}
