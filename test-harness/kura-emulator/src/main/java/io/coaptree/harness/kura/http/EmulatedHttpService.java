package io.coaptree.harness.kura.http;

import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;

import org.eclipse.equinox.http.jetty.JettyConfigurator;
import org.eclipse.equinox.http.jetty.JettyConstants;
import org.eclipse.kura.configuration.ConfigurableComponent;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kura's HTTP server manager ({@code org.eclipse.kura.http.server.manager}): starts the gateway's Jetty through
 * Equinox's {@link JettyConfigurator} as the server {@value #JETTY_PID}, on the ports of its configuration, and
 * restarts it when they change. Kura's http.jetty is started lazily, so Jetty's default server (the one
 * {@code org.osgi.service.http.port} would configure) never starts; this one is the gateway's web server.
 * <p>
 * Emulated: plain HTTP on the first of {@code http.ports} (Kura's Jetty customizer, which opens a connector per
 * port and the HTTPS connectors with keystores, is not part of the node); HTTPS settings are accepted and ignored,
 * with a warning.
 */
@Component(name = EmulatedHttpService.PID, configurationPid = EmulatedHttpService.PID, immediate = true,
        configurationPolicy = ConfigurationPolicy.REQUIRE, service = ConfigurableComponent.class,
        property = { "kura.service.pid=" + EmulatedHttpService.PID, "kura.ui.service.hide=true" })
public final class EmulatedHttpService implements ConfigurableComponent {

    public static final String PID = "org.eclipse.kura.http.server.manager.HttpService";
    /** The Jetty server Kura's manager runs. */
    static final String JETTY_PID = "kura.default";
    static final String HTTP_PORTS = "http.ports";
    static final String HTTPS_PORTS = "https.ports";
    static final String HTTPS_CLIENT_AUTH_PORTS = "https.client.auth.ports";

    private static final Logger LOG = LoggerFactory.getLogger(EmulatedHttpService.class);

    private List<Integer> running = List.of();

    @Activate
    @Modified
    synchronized void configure(Map<String, Object> properties) throws Exception {
        List<Integer> ports = ports(properties.get(HTTP_PORTS));
        if (!ports(properties.get(HTTPS_PORTS)).isEmpty()
                || !ports(properties.get(HTTPS_CLIENT_AUTH_PORTS)).isEmpty()) {
            LOG.warn("{}: HTTPS is not emulated; only plain HTTP on {}", PID, ports);
        }
        if (ports.equals(running)) {
            return;
        }
        JettyConfigurator.stopServer(JETTY_PID);
        running = ports;
        Dictionary<String, Object> settings = new Hashtable<>();
        settings.put(JettyConstants.HTTP_ENABLED, !ports.isEmpty());
        settings.put(JettyConstants.HTTPS_ENABLED, false);
        if (!ports.isEmpty()) {
            settings.put(JettyConstants.HTTP_PORT, ports.get(0));
            if (ports.size() > 1) {
                LOG.warn("{}: one connector per port needs Kura's Jetty customizer; serving {} only", PID, ports.get(0));
            }
        }
        JettyConfigurator.startServer(JETTY_PID, settings);
        LOG.info("{}: Jetty {} on {}", PID, JETTY_PID, ports.isEmpty() ? "no HTTP port" : "port " + ports.get(0));
    }

    @Deactivate
    synchronized void deactivate() throws Exception {
        JettyConfigurator.stopServer(JETTY_PID);
        running = List.of();
    }

    private static List<Integer> ports(Object value) {
        List<Integer> ports = new ArrayList<>();
        if (value instanceof Integer[] array) {
            for (Integer port : array) {
                if (port != null) {
                    ports.add(port);
                }
            }
        } else if (value instanceof Integer port) {
            ports.add(port);
        }
        return ports;
    }
}
