package io.coaptree.tree.security;

import java.time.Clock;
import java.util.Objects;
import java.util.function.Predicate;

import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.topics.TreeTopics;

/** The {@link TreeSecurity} of one gateway: its seal, and the replay windows of the messages and vouchers it opens. */
public final class GatewaySecurity implements TreeSecurity {

    /** Room for the seal around a message: headers, signature and the sender's certificate. */
    static final int SEAL_OVERHEAD_BYTES = 4096;

    private final SecurityMode mode;
    private final MessageSeal seal;
    private final ReplayWindows messageWindows;
    private final ReplayWindows voucherWindows;
    private final DroppedMessages droppedMessages;
    private final TreeTopics topics;
    private final Clock clock;

    private GatewaySecurity(SecurityMode mode, MessageSeal seal, SecurityLimits limits, DroppedMessages droppedMessages,
            TreeTopics topics, Clock clock) {
        this.mode = mode;
        this.seal = seal;
        this.messageWindows = seal == null ? null : limits.newWindows(seal.freshnessMillis());
        this.voucherWindows = seal == null ? null : limits.newWindows(seal.freshnessMillis());
        this.droppedMessages = droppedMessages;
        this.topics = topics;
        this.clock = clock;
    }

    /** No authentication at all. */
    public static GatewaySecurity none() {
        return new GatewaySecurity(SecurityMode.NONE, null, null, null, null, null);
    }

    /** Authentication with {@code seal} (signature or secret, as it was made). */
    public static GatewaySecurity sealing(SecurityMode mode, MessageSeal seal, SecurityLimits limits,
            DroppedMessages droppedMessages, TreeTopics topics, Clock clock) {
        if (mode == SecurityMode.NONE) {
            throw new IllegalArgumentException("mode none has no seal");
        }
        return new GatewaySecurity(mode, Objects.requireNonNull(seal, "seal"), Objects.requireNonNull(limits),
                Objects.requireNonNull(droppedMessages), Objects.requireNonNull(topics), Objects.requireNonNull(clock));
    }

    @Override
    public SecurityMode mode() {
        return mode;
    }

    @Override
    public MessageBus protect(MessageBus raw, int maxMessageBytes) {
        if (seal == null) {
            return raw;
        }
        return new SecuredMessageBus(raw, seal, messageWindows, droppedMessages, topics, clock,
                maxMessageBytes + SEAL_OVERHEAD_BYTES);
    }

    @Override
    public byte[] vouch(byte[] statement) {
        return seal == null ? null : seal.seal(VOUCHER_CONTEXT, statement);
    }

    @Override
    public Vouched openVoucher(byte[] voucher, Predicate<Vouched> matches) throws SealRefusedException {
        if (seal == null) {
            throw new SealRefusedException(DropReason.UNSIGNED, null, "this gateway checks no vouchers");
        }
        MessageSeal.Opened opened = seal.open(VOUCHER_CONTEXT, voucher);
        Vouched vouched = new Vouched(opened.sender(), opened.payload());
        if (!matches.test(vouched)) {
            throw new SealRefusedException(DropReason.FORGED, opened.sender(),
                    "the voucher of " + opened.sender() + " is for another caller or request");
        }
        ReplayWindows.Verdict verdict = voucherWindows.accept(opened.sender(), opened.boot(), opened.seq(),
                clock.millis());
        if (verdict != ReplayWindows.Verdict.ACCEPTED) {
            throw new SealRefusedException(DropReason.REPLAYED, opened.sender(),
                    "voucher " + opened.seq() + " of boot " + opened.boot() + " was used before");
        }
        return vouched;
    }
}
