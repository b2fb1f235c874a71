package org.eclipse.kura.data;

import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/** Identifies one publish of a DataTransportService so its delivery confirmation can be matched later. */
@ProviderType
public class DataTransportToken {

    private final int messageId;
    private final String sessionId;

    public DataTransportToken(int messageId, String sessionId) {
        super();
        this.messageId = messageId;
        this.sessionId = sessionId;
    }

    public int getMessageId() {
        return this.messageId;
    }

    /** The transport session the message id belongs to (ids restart with each session). */
    public String getSessionId() {
        return this.sessionId;
    }

    @Override
    public int hashCode() {
        return 31 * this.messageId + Objects.hashCode(this.sessionId);
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (obj == null || getClass() != obj.getClass()) {
            return false;
        }
        DataTransportToken other = (DataTransportToken) obj;
        return this.messageId == other.messageId && Objects.equals(this.sessionId, other.sessionId);
    }
}
