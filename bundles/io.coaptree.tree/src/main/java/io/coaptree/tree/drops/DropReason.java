package io.coaptree.tree.drops;

/**
 * Why a message that arrived over MQTT was dropped (refused) unread or unused. The labels are stable names: they
 * appear in the WARN lines, in the tree service's properties ({@code tree.refused.<label>}) and in the
 * {@code /tree-stats} resource. {@code unsigned} to {@code replayed} come from message authentication
 * ({@code io.coaptree.tree.security}).
 */
public enum DropReason {

    /** Not a message of a supported format: truncated, bad version, malformed fields, trailing bytes. */
    UNDECODABLE("undecodable"),
    /** Larger than the receiver's limit for its topic; refused before it is decoded. */
    OVERSIZE("oversize"),
    /** A well-formed message of a type the receiver does not know. */
    UNKNOWN_KIND("unknown-kind"),
    /** A message that does not belong on the topic it came on (a response on a query topic, a heartbeat of node
     * x on node y's topic, a topic outside the tree's scheme). */
    TOPIC_MISMATCH("topic-mismatch"),
    /**
     * Dropped unread because the receiving gateway's queue for the message's delivery class was full (see
     * {@code io.coaptree.tree.delivery}): the gateway is overloaded, the sender is not at fault.
     */
    OVERLOADED("overloaded"),
    /** A message whose sender, as it names itself, is not a valid node address. */
    INVALID_SENDER("invalid-sender"),
    /** Not sealed the way the tree's security mode asks (a plain message, or a seal of another kind). */
    UNSIGNED("unsigned"),
    /** Sealed by a key the tree does not trust: outside the anchor, expired, revoked, or for another gateway. */
    UNTRUSTED("untrusted"),
    /**
     * A signature whose seal names the sender's certificate by its thumbprint only ({@code x5t}), where this gateway
     * has checked no certificate of the sender with that thumbprint: expected for a few heartbeats after either
     * gateway restarted, until the sender's next message with its whole certificate. A count that keeps growing from
     * one sender names a gateway whose whole certificate this one never accepted (see {@code untrusted}).
     */
    UNKNOWN_CERTIFICATE("unknown-certificate"),
    /** The signature or MAC does not match the content, or the content names another sender than its seal. */
    FORGED("forged"),
    /** Sent longer ago (or further ahead) than the freshness window allows. */
    STALE("stale"),
    /** Seen before from the same sender and boot, or from an earlier boot of that sender. */
    REPLAYED("replayed"),
    /**
     * Its handling threw, an {@link Error} included (out of memory, stack overflow): whatever the cause, a defect
     * of this gateway or input no decoder foresaw, the message is dropped and the worker that handled it serves on.
     */
    FAILED("failed"),
    /**
     * A reply or notification no request of this gateway waits for from its sender: its correlation id is unknown
     * (late, cancelled, guessed), or belongs to a request sent to another gateway. Only the gateway a request was
     * sent to may answer it, so one stolen gateway key cannot answer requests meant for others.
     */
    UNEXPECTED_REPLY("unexpected-reply"),
    /**
     * A heartbeat of a gateway this gateway does not know yet while its view already holds {@code tree.max.members}
     * gateways: the gateway stays unknown here until a member leaves or is forgotten. A count that grows says the
     * setting is too small for the fleet (or that someone with a tree key invents gateways).
     */
    TREE_FULL("tree-full"),
    /**
     * A heartbeat of another incarnation of a name a live member holds: a second gateway configured with the same
     * name, or a restart heard before the previous incarnation is known to be down (then only until its will or the
     * failure timeout marks it down).
     */
    NAME_HELD("name-held");

    private final String label;

    DropReason(String label) {
        this.label = label;
    }

    /** The stable name, e.g. {@code topic-mismatch}. */
    public String label() {
        return label;
    }
}
