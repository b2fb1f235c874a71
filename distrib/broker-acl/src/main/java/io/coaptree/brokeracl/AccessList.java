package io.coaptree.brokeracl;

import java.util.List;
import java.util.Map;

/**
 * Who may publish and subscribe what, with MQTT's filter rules: a publish is allowed when a write filter of the user
 * matches the topic; a subscription when a read filter of the user covers the whole subscription filter (every
 * topic the subscription can match is readable). A user not listed may do nothing.
 */
public final class AccessList {

    private final Map<String, List<TopicRule>> rules;

    AccessList(Map<String, List<TopicRule>> rules) {
        this.rules = Map.copyOf(rules);
    }

    public boolean knows(String user) {
        return user != null && rules.containsKey(user);
    }

    public boolean mayPublish(String user, String topic) {
        return granted(user, TopicRule.Access.WRITE, topic);
    }

    /** For a subscription filter; a plain topic is a filter too (receiving one message). */
    public boolean maySubscribe(String user, String filter) {
        return granted(user, TopicRule.Access.READ, filter);
    }

    private boolean granted(String user, TopicRule.Access access, String topicOrFilter) {
        if (!knows(user)) {
            return false;
        }
        for (TopicRule rule : rules.get(user)) {
            if (rule.access() == access && covers(rule.filter(), topicOrFilter)) {
                return true;
            }
        }
        return false;
    }

    /** Whether every topic {@code inner} (a topic or a filter) can match is matched by {@code outer}. */
    static boolean covers(String outer, String inner) {
        String[] o = outer.split("/", -1);
        String[] in = inner.split("/", -1);
        for (int i = 0; i < o.length; i++) {
            if (o[i].equals("#")) {
                return true;
            }
            if (i >= in.length || in[i].equals("#")) {
                return false;
            }
            if (!o[i].equals("+") && !o[i].equals(in[i])) {
                return false;
            }
        }
        return o.length == in.length;
    }
}
