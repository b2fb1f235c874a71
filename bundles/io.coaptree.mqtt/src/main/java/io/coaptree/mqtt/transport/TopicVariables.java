package io.coaptree.mqtt.transport;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces {@code #account-name} and {@code #client-id} in topics, as Kura's MQTT transport does, so that
 * topics written for Kura work unchanged. A lone {@code #} (the multi-level wildcard) is left alone, and so
 * is a {@code #name} that is not a known variable.
 */
public final class TopicVariables {

    private static final Pattern VARIABLE = Pattern.compile("#([^\\s/#+]+)");

    private final Map<String, String> values;

    public TopicVariables(String accountName, String clientId) {
        this.values = Map.of("account-name", accountName, "client-id", clientId);
    }

    public String resolve(String topic) {
        if (topic.indexOf('#') < 0) {
            return topic;
        }
        Matcher m = VARIABLE.matcher(topic);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            m.appendReplacement(sb, Matcher.quoteReplacement(value != null ? value : m.group()));
        }
        m.appendTail(sb);
        return sb.toString();
    }
}
