package org.eclipse.kura.data;

import org.eclipse.kura.KuraConnectException;
import org.eclipse.kura.KuraException;
import org.eclipse.kura.KuraNotConnectedException;
import org.eclipse.kura.KuraTimeoutException;
import org.eclipse.kura.KuraTooManyInflightMessagesException;
import org.eclipse.kura.data.transport.listener.DataTransportListener;
import org.osgi.annotation.versioning.ProviderType;

/** Kura's broker-facing transport (the MQTT transport implements it); Kura's DataService sits on top of it. */
@ProviderType
public interface DataTransportService {

    public void connect() throws KuraConnectException;

    public boolean isConnected();

    public String getBrokerUrl();

    public String getAccountName();

    public String getUsername();

    public String getClientId();

    /** Disconnects, giving in-flight work up to quiesceTimeout milliseconds. */
    public void disconnect(long quiesceTimeout);

    public void subscribe(String topic, int qos) throws KuraTimeoutException, KuraException, KuraNotConnectedException;

    public void unsubscribe(String topic) throws KuraTimeoutException, KuraException, KuraNotConnectedException;

    /** Publishes; returns a token for QoS above 0 (confirmed later through the listener), null for QoS 0. */
    public DataTransportToken publish(String topic, byte[] payload, int qos, boolean retain)
            throws KuraTooManyInflightMessagesException, KuraException, KuraNotConnectedException;

    public void addDataTransportListener(DataTransportListener listener);

    public void removeDataTransportListener(DataTransportListener listener);
}
