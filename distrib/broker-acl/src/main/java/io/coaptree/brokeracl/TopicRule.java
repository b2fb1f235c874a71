package io.coaptree.brokeracl;

/**
 * One access-list line: a topic filter and what its user may do with it. {@code READ} covers subscribing with a
 * filter inside {@link #filter()} and receiving messages on matching topics; {@code WRITE} publishing on them.
 */
public record TopicRule(Access access, String filter) {

    public enum Access {
        READ("read"), WRITE("write");

        private final String keyword;

        Access(String keyword) {
            this.keyword = keyword;
        }

        /** As in Mosquitto's acl_file. */
        public String keyword() {
            return keyword;
        }
    }

    public static TopicRule read(String filter) {
        return new TopicRule(Access.READ, filter);
    }

    public static TopicRule write(String filter) {
        return new TopicRule(Access.WRITE, filter);
    }
}
