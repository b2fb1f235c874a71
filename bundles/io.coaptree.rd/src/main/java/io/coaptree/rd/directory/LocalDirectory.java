package io.coaptree.rd.directory;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

import io.coaptree.linkformat.Link;
import io.coaptree.rd.lookup.DirectoryLookup;
import io.coaptree.rd.lookup.LookupOrigin;
import io.coaptree.rd.lookup.LookupQuery;
import io.coaptree.rd.service.ResourceDirectoryService;
import io.coaptree.rd.store.RegistrationListener;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.RegistrationStore;
import io.coaptree.rd.store.StoreResult;
import io.coaptree.rd.store.UpdateRequest;

/**
 * One running directory: its store, its lookups and its default sector. The CoAP resources and the Java service
 * both go through it, so a registration is treated the same whichever way it arrives.
 */
public final class LocalDirectory implements ResourceDirectoryService {

    private final RegistrationStore store;
    private final DirectoryLookup lookup;
    private final Supplier<String> defaultSector;

    /**
     * @param defaultSector the sector of a registration without d ("" for none); asked at each registration, as
     *        it may follow the node's domain
     */
    public LocalDirectory(RegistrationStore store, DirectoryLookup lookup, Supplier<String> defaultSector) {
        this.store = Objects.requireNonNull(store, "store");
        this.lookup = Objects.requireNonNull(lookup, "lookup");
        this.defaultSector = Objects.requireNonNull(defaultSector, "defaultSector");
    }

    public RegistrationStore store() {
        return store;
    }

    public DirectoryLookup lookup() {
        return lookup;
    }

    /** The sector a registration without d is stored under; "" for none. */
    public String defaultSector() {
        String sector = defaultSector.get();
        return sector == null ? "" : sector;
    }

    @Override
    public StoreResult register(RegistrationRequest request) {
        if (request.sector().isEmpty()) {
            String sector = defaultSector();
            if (!sector.isEmpty()) {
                request = request.inSector(sector);
            }
        }
        return store.register(request);
    }

    @Override
    public StoreResult update(String registrationId, UpdateRequest request) {
        return store.update(registrationId, request);
    }

    @Override
    public StoreResult remove(String registrationId, String identity) {
        return store.remove(registrationId, identity);
    }

    @Override
    public List<Link> endpoints(LookupQuery query, LookupOrigin origin) {
        return lookup.endpoints(query, origin);
    }

    @Override
    public List<Link> resources(LookupQuery query, LookupOrigin origin) {
        return lookup.resources(query, origin);
    }

    @Override
    public void addListener(RegistrationListener listener) {
        store.addListener(listener);
    }

    @Override
    public void removeListener(RegistrationListener listener) {
        store.removeListener(listener);
    }
}
