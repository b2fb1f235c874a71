package io.coaptree.http.component;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;

import javax.servlet.Servlet;

import org.eclipse.kura.configuration.ConfigurableComponent;
import org.eclipse.kura.crypto.CryptoService;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.useradmin.UserAdmin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.google.gson.JsonObject;

import io.coaptree.api.CoAPServer;
import io.coaptree.http.auth.KuraCallers;
import io.coaptree.http.gateways.GatewaysJson;
import io.coaptree.http.options.HttpAccessOptions;
import io.coaptree.http.servlet.CoapTreeServlet;
import io.coaptree.properties.ConfigurationChange;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.tree.service.TreeService;

/**
 * HTTP access as a Kura component: registers the {@link CoapTreeServlet} on the OSGi HTTP Whiteboard of Kura's web
 * server (Equinox http.servlet on Jetty) at {@code /coaptree/*}. Callers authenticate with Kura's identities
 * (UserAdmin, CryptoService); requests run on this gateway's CoAP server; the page reads the tree from the optional
 * TreeService (greedy: the page lists gateways once the tree handler is configured). A refused configuration is
 * logged naming the field and the running one keeps serving.
 */
@Component(name = HttpAccess.PID, configurationPid = HttpAccess.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true, service = ConfigurableComponent.class,
        property = "kura.service.pid=" + HttpAccess.PID)
public class HttpAccess implements ConfigurableComponent {

    public static final String PID = "io.coaptree.http.HttpAccess";

    private static final Logger LOG = LoggerFactory.getLogger(HttpAccess.class);

    @Reference(name = "CoAPServer")
    private CoAPServer server;

    @Reference(name = "UserAdmin")
    private UserAdmin userAdmin;

    @Reference(name = "CryptoService")
    private CryptoService crypto;

    @Reference(name = "TreeService", cardinality = ReferenceCardinality.OPTIONAL,
            policyOption = ReferencePolicyOption.GREEDY)
    private TreeService tree;

    // Guarded by this.
    private BundleContext context;
    private ScheduledExecutorService timer;
    private CoapTreeServlet servlet;
    private ServiceRegistration<Servlet> registration;
    private KuraCallers callers;
    private Map<String, Object> runningProperties = Map.of();

    @Activate
    protected synchronized void activate(BundleContext context, Map<String, Object> properties) {
        this.context = context;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "coaptree-http-keepalive");
            thread.setDaemon(true);
            return thread;
        });
        this.callers = new KuraCallers(userAdmin, crypto);
        callers.ensurePermission();
        HttpAccessOptions options = options(properties);
        if (options != null) {
            runningProperties = Map.copyOf(properties);
            register(options);
        }
    }

    @Modified
    protected synchronized void modified(Map<String, Object> properties) {
        if (ConfigurationChange.none(runningProperties, properties)) {
            return;
        }
        HttpAccessOptions options = options(properties);
        if (options == null) {
            return;
        }
        runningProperties = Map.copyOf(properties);
        unregister();
        register(options);
    }

    @Deactivate
    protected synchronized void deactivate() {
        unregister();
        timer.shutdownNow();
    }

    private HttpAccessOptions options(Map<String, Object> properties) {
        try {
            return HttpAccessOptions.fromProperties(properties);
        } catch (InvalidPropertyException e) {
            LOG.error("{}: configuration refused{}: {}", PID,
                    servlet == null ? ", HTTP access is off until it is fixed" : ", the previous one keeps serving",
                    e.getMessage());
            return null;
        }
    }

    private void register(HttpAccessOptions options) {
        TreeService t = tree;
        Supplier<JsonObject> gateways = t == null ? () -> GatewaysJson.of(null, null)
                : () -> GatewaysJson.of(t.self(), t.view());
        servlet = new CoapTreeServlet(server, callers, gateways, options, timer);
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put("osgi.http.whiteboard.servlet.pattern", CoapTreeServlet.PREFIX + "/*");
        properties.put("osgi.http.whiteboard.servlet.name", PID);
        // server-sent events and answers from the tree complete later, on CoAP's threads
        properties.put("osgi.http.whiteboard.servlet.asyncSupported", Boolean.TRUE);
        registration = context.registerService(Servlet.class, servlet, properties);
        LOG.info("{}: serving {}/ on Kura's web server with {}", PID, CoapTreeServlet.PREFIX, options);
    }

    private void unregister() {
        if (registration != null) {
            registration.unregister();
            registration = null;
        }
        if (servlet != null) {
            servlet.closeStreams();
            servlet = null;
        }
    }
}
