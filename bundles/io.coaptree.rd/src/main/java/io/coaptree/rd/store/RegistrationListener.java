package io.coaptree.rd.store;

/**
 * Told about every change, e.g. so a CoAP adapter can notify observers of the lookup resources. Called on the
 * thread that made the change, outside the store's lock: keep it short and never block.
 */
@FunctionalInterface
public interface RegistrationListener {

    void changed(RegistrationEvent event);
}
