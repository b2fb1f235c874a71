package org.eclipse.kura.cloudconnection.message;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.kura.message.KuraPayload;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A payload with properties for the cloud connection (a publisher may, for example, fill its topic from them).
 * The properties are a mutable copy owned by the message.
 */
@ProviderType
public class KuraMessage {

    private final Map<String, Object> properties;
    private final KuraPayload payload;

    public KuraMessage(KuraPayload payload) {
        this.properties = new HashMap<>();
        this.payload = payload;
    }

    public KuraMessage(KuraPayload payload, Map<String, Object> properties) {
        this.properties = new HashMap<>(properties);
        this.payload = payload;
    }

    public Map<String, Object> getProperties() {
        return this.properties;
    }

    public KuraPayload getPayload() {
        return this.payload;
    }
}
