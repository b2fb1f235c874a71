package io.coaptree.harness.broker;

import java.nio.ByteBuffer;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.hivemq.extension.sdk.api.ExtensionMain;
import com.hivemq.extension.sdk.api.auth.SimpleAuthenticator;
import com.hivemq.extension.sdk.api.auth.SubscriptionAuthorizer;
import com.hivemq.extension.sdk.api.auth.parameter.SimpleAuthInput;
import com.hivemq.extension.sdk.api.auth.parameter.SimpleAuthOutput;
import com.hivemq.extension.sdk.api.auth.parameter.SubscriptionAuthorizerInput;
import com.hivemq.extension.sdk.api.auth.parameter.SubscriptionAuthorizerOutput;
import com.hivemq.extension.sdk.api.client.ClientContext;
import com.hivemq.extension.sdk.api.client.parameter.ConnectionInformation;
import com.hivemq.extension.sdk.api.client.parameter.InitializerInput;
import com.hivemq.extension.sdk.api.interceptor.publish.PublishInboundInterceptor;
import com.hivemq.extension.sdk.api.packets.connect.ConnackReasonCode;
import com.hivemq.extension.sdk.api.packets.connect.ConnectPacket;
import com.hivemq.extension.sdk.api.packets.publish.PublishPacket;
import com.hivemq.extension.sdk.api.parameter.ExtensionStartInput;
import com.hivemq.extension.sdk.api.parameter.ExtensionStartOutput;
import com.hivemq.extension.sdk.api.parameter.ExtensionStopInput;
import com.hivemq.extension.sdk.api.parameter.ExtensionStopOutput;
import com.hivemq.extension.sdk.api.services.Services;

/**
 * The embedded HiveMQ's extension that applies {@link AdmissionRules}: an authenticator (credentials, client id,
 * last will), a subscription authorizer, and a publish interceptor that drops what the access list does not allow.
 *
 * <p>
 * A refused publish is acknowledged and dropped, as Mosquitto does. HiveMQ's own publish authorization would close
 * an MQTT 3.1.1 client's connection instead (MQTT 3.1.1, 3.3.5 allows either), which would make a gateway with one
 * wrong topic reconnect in a loop and lose what it had in flight. A refused subscription is answered with SUBACK
 * 0x80 and the connection stays. Only what needs a check is registered: an anonymous broker that counts nothing
 * has no interceptor, so no message pays a hand-off to the extension's threads.
 *
 * <p>
 * What fails in here is counted as a {@link BrokerFaults fault} and refuses, so an error of ours never lets a client
 * through.
 */
final class BrokerAccess implements ExtensionMain {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerAccess.class);
    /** Where the authenticator leaves the user name for the checks after it, per connection. */
    private static final String USER = "coaptree.user";

    /** Null: anonymous, every client admitted. */
    private final AdmissionRules rules;
    /** Null: nothing counted. */
    private final PublishCounts counts;
    private final BrokerFaults faults;

    BrokerAccess(AdmissionRules rules, PublishCounts counts, BrokerFaults faults) {
        this.rules = rules;
        this.counts = counts;
        this.faults = faults;
    }

    @Override
    public void extensionStart(ExtensionStartInput input, ExtensionStartOutput output) {
        if (rules != null) {
            Services.securityRegistry().setAuthenticatorProvider(p -> (SimpleAuthenticator) this::authenticate);
            if (rules.restrictsTopics()) {
                SubscriptionAuthorizer subscriptions = this::authorizeSubscription;
                Services.securityRegistry().setAuthorizerProvider(p -> subscriptions);
            }
        }
        if ((rules != null && rules.restrictsTopics()) || counts != null) {
            Services.initializerRegistry().setClientInitializer(this::initialize);
        }
    }

    @Override
    public void extensionStop(ExtensionStopInput input, ExtensionStopOutput output) {
        // registrations end with the broker
    }

    private void authenticate(SimpleAuthInput input, SimpleAuthOutput output) {
        ConnectPacket connect = input.getConnectPacket();
        String clientId = connect.getClientId();
        try {
            String user = connect.getUserName().orElse(null);
            byte[] password = connect.getPassword().map(BrokerAccess::bytes).orElse(null);
            Optional<AdmissionRules.Decision> refusal = rules.refusal(user, password, clientId,
                    connect.getWillPublish().map(PublishPacket::getTopic));
            if (refusal.isPresent()) {
                LOG.info("refused client {}: {}", clientId, refusal.get().reason());
                output.failAuthentication(code(refusal.get().refusal()), refusal.get().reason());
                return;
            }
            input.getConnectionInformation().getConnectionAttributeStore().putAsString(USER, user);
            output.authenticateSuccessfully();
        } catch (RuntimeException e) {
            faults.failed("authenticating " + clientId, e);
            output.failAuthentication(ConnackReasonCode.NOT_AUTHORIZED, "internal error");
        }
    }

    private void authorizeSubscription(SubscriptionAuthorizerInput input, SubscriptionAuthorizerOutput output) {
        String filter = input.getSubscription().getTopicFilter();
        try {
            if (rules.maySubscribe(user(input.getConnectionInformation()), filter)) {
                output.authorizeSuccessfully();
            } else {
                output.failAuthorization();
            }
        } catch (RuntimeException e) {
            faults.failed("authorizing a subscription to " + filter, e);
            output.failAuthorization();
        }
    }

    private void initialize(InitializerInput input, ClientContext client) {
        String clientId = input.getClientInformation().getClientId();
        String user = rules == null ? null : user(input.getConnectionInformation());
        boolean checked = rules != null && rules.restrictsTopics();
        PublishInboundInterceptor interceptor = (in, out) -> {
            String topic = in.getPublishPacket().getTopic();
            try {
                if (checked && !rules.mayPublish(user, topic)) {
                    faults.droppedByAccessList();
                    out.preventPublishDelivery(); // acknowledged as delivered, as Mosquitto does
                    return;
                }
                if (counts != null) {
                    counts.accepted(clientId, topic);
                }
            } catch (RuntimeException e) {
                faults.failed("checking a publish of " + clientId + " on " + topic, e);
                faults.droppedByAccessList();
                out.preventPublishDelivery();
            }
        };
        client.addPublishInboundInterceptor(interceptor);
    }

    private static String user(ConnectionInformation connection) {
        return connection.getConnectionAttributeStore().getAsString(USER).orElse(null);
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    private static ConnackReasonCode code(AdmissionRules.Refusal refusal) {
        return switch (refusal) {
            case CLIENT_ID -> ConnackReasonCode.CLIENT_IDENTIFIER_NOT_VALID;
            case CREDENTIALS -> ConnackReasonCode.BAD_USER_NAME_OR_PASSWORD;
            case NOT_AUTHORIZED -> ConnackReasonCode.NOT_AUTHORIZED;
        };
    }
}
