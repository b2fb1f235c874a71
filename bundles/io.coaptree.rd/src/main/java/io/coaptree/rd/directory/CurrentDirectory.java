package io.coaptree.rd.directory;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.linkformat.Link;
import io.coaptree.rd.lookup.LookupOrigin;
import io.coaptree.rd.lookup.LookupQuery;
import io.coaptree.rd.lookup.LookupRequest;
import io.coaptree.rd.lookup.LookupResult;
import io.coaptree.rd.service.ResourceDirectoryService;
import io.coaptree.rd.store.RegistrationEvent;
import io.coaptree.rd.store.RegistrationListener;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.StoreResult;
import io.coaptree.rd.store.UpdateRequest;

/**
 * The {@link ResourceDirectoryService} other bundles hold: it forwards to whichever {@link LocalDirectory} is
 * running. A configuration change replaces the running directory (its store's limits are fixed when it is made);
 * users of the service keep the same object and their listeners, and need not know.
 */
public final class CurrentDirectory implements ResourceDirectoryService {

    private static final Logger LOG = LoggerFactory.getLogger(CurrentDirectory.class);

    private final List<RegistrationListener> listeners = new CopyOnWriteArrayList<>();
    /** Added to each running directory's store: hands its changes to the listeners of this service. */
    private final RegistrationListener relay = this::relay;
    private volatile LocalDirectory running;

    /** Serves {@code directory} from now on; null while none runs. */
    public synchronized void use(LocalDirectory directory) {
        LocalDirectory previous = running;
        if (previous == directory) {
            return;
        }
        if (previous != null) {
            previous.removeListener(relay);
        }
        if (directory != null) {
            directory.addListener(relay);
        }
        running = directory;
    }

    @Override
    public StoreResult register(RegistrationRequest request) {
        LocalDirectory directory = running;
        return directory == null ? StoreResult.notRunning() : directory.register(request);
    }

    @Override
    public StoreResult update(String registrationId, UpdateRequest request) {
        LocalDirectory directory = running;
        return directory == null ? StoreResult.notRunning() : directory.update(registrationId, request);
    }

    @Override
    public StoreResult remove(String registrationId, String identity) {
        LocalDirectory directory = running;
        return directory == null ? StoreResult.notRunning() : directory.remove(registrationId, identity);
    }

    @Override
    public List<Link> endpoints(LookupQuery query, LookupOrigin origin) {
        LocalDirectory directory = running;
        return directory == null ? List.of() : directory.endpoints(query, origin);
    }

    @Override
    public List<Link> resources(LookupQuery query, LookupOrigin origin) {
        LocalDirectory directory = running;
        return directory == null ? List.of() : directory.resources(query, origin);
    }

    @Override
    public LookupResult lookup(LookupRequest request) {
        LocalDirectory directory = running;
        return directory == null ? LookupResult.nothing() : directory.lookup(request);
    }

    @Override
    public void addListener(RegistrationListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    @Override
    public void removeListener(RegistrationListener listener) {
        listeners.remove(listener);
    }

    private void relay(RegistrationEvent event) {
        // the store catches and logs what a listener throws, per listener; do the same here
        for (RegistrationListener listener : listeners) {
            try {
                listener.changed(event);
            } catch (RuntimeException e) {
                LOG.warn("Registration listener {} failed on {}", listener, event, e);
            }
        }
    }
}
