package io.coaptree.rd.coap;

import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.californium.core.CoapResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.rd.store.RegistrationEvent;
import io.coaptree.rd.store.RegistrationListener;

/**
 * Makes the lookup resources observable: on a change of the store their observers are sent the current result of
 * their own query (RFC 9176 section 6.1). Changes are coalesced: a burst of registrations triggers one round of
 * notifications on the directory's scheduler, not one per registration on the registrant's thread.
 */
final class LookupNotifier implements RegistrationListener {

    private static final Logger LOG = LoggerFactory.getLogger(LookupNotifier.class);

    private final List<CoapResource> lookups;
    private final Executor executor;
    private final AtomicBoolean pending = new AtomicBoolean();

    LookupNotifier(List<CoapResource> lookups, Executor executor) {
        this.lookups = List.copyOf(lookups);
        this.executor = executor;
    }

    @Override
    public void changed(RegistrationEvent event) {
        if (!observed() || !pending.compareAndSet(false, true)) {
            return;
        }
        try {
            executor.execute(this::notifyObservers);
        } catch (RejectedExecutionException stopping) {
            pending.set(false);
        }
    }

    private boolean observed() {
        for (CoapResource lookup : lookups) {
            if (lookup.getObserverCount() > 0) {
                return true;
            }
        }
        return false;
    }

    private void notifyObservers() {
        // cleared first: a change during the notifications schedules another round
        pending.set(false);
        for (CoapResource lookup : lookups) {
            if (lookup.getObserverCount() > 0) {
                try {
                    lookup.changed();
                } catch (RuntimeException e) {
                    // The round runs as a scheduler task, whose exceptions nobody reads: say it here, and still
                    // notify the other lookup's observers.
                    LOG.warn("Notifying the observers of {} failed", lookup.getURI(), e);
                }
            }
        }
    }
}
