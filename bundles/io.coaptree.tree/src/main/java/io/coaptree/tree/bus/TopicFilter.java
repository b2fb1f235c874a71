package io.coaptree.tree.bus;

/** MQTT 3.1.1 topic-filter matching (section 4.7): {@code +} one level, {@code #} the rest, including none. */
public final class TopicFilter {

    private TopicFilter() {
    }

    public static boolean matches(String filter, String topic) {
        String[] f = filter.split("/", -1);
        String[] t = topic.split("/", -1);
        for (int i = 0; i < f.length; i++) {
            if (f[i].equals("#")) {
                return true;
            }
            if (i >= t.length) {
                return false;
            }
            if (!f[i].equals("+") && !f[i].equals(t[i])) {
                return false;
            }
        }
        return f.length == t.length;
    }
}
