package org.eclipse.kura.message;

import java.util.Collections;
import java.util.Date;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

import org.osgi.annotation.versioning.ProviderType;

/** Kura's message content: an optional timestamp and position, named metrics, and an optional opaque body. */
@ProviderType
public class KuraPayload {

    private Date timestamp;
    private KuraPosition position;
    private final Map<String, Object> metrics;
    private byte[] body;

    public KuraPayload() {
        this.metrics = new HashMap<>();
        this.body = null;
    }

    public Date getTimestamp() {
        return this.timestamp;
    }

    public void setTimestamp(Date timestamp) {
        this.timestamp = timestamp;
    }

    public KuraPosition getPosition() {
        return this.position;
    }

    public void setPosition(KuraPosition position) {
        this.position = position;
    }

    public Object getMetric(String name) {
        return this.metrics.get(name);
    }

    public void addMetric(String name, Object value) {
        this.metrics.put(name, value);
    }

    public void removeMetric(String name) {
        this.metrics.remove(name);
    }

    public void removeAllMetrics() {
        this.metrics.clear();
    }

    /** A read-only view of the metric names. */
    public Set<String> metricNames() {
        return Collections.unmodifiableSet(this.metrics.keySet());
    }

    public Iterator<String> metricsIterator() {
        return this.metrics.keySet().iterator();
    }

    /** A read-only view of the metrics. */
    public Map<String, Object> metrics() {
        return Collections.unmodifiableMap(this.metrics);
    }

    public byte[] getBody() {
        return this.body;
    }

    public void setBody(byte[] body) {
        this.body = body;
    }
}
