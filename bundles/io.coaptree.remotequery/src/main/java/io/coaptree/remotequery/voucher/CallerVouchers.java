package io.coaptree.remotequery.voucher;

import java.util.Objects;
import java.util.Optional;

import io.coaptree.codec.CoapEnvelope;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.security.SealRefusedException;
import io.coaptree.tree.security.SecurityMode;
import io.coaptree.tree.security.TreeSecurity;

/**
 * The caller identities that travel in envelopes. The entry gateway, which authenticated the caller (DTLS, or a Kura
 * identity over HTTP), vouches for it with its own key ({@link VoucherStatement}); every gateway a request reaches
 * checks that voucher before it lets the identity count, so a relay can neither invent a caller nor lend one to
 * another request. Without message authentication (mode none) identities travel unvouched, as the tree trusts its
 * broker then.
 */
public final class CallerVouchers {

    /** A voucher that does not hold: the reason it is counted under, the sender it claims, a detail for the log. */
    public record Rejection(DropReason reason, String claimedSender, String detail) {
    }

    private final NodeAddress self;
    private final TreeSecurity security;

    public CallerVouchers(NodeAddress self, TreeSecurity security) {
        this.self = Objects.requireNonNull(self, "self");
        this.security = Objects.requireNonNull(security, "security");
    }

    /** The request as this entry gateway sends it into the tree: with its voucher if it names a caller. */
    public CoapEnvelope vouched(CoapEnvelope request) {
        if (request.identity() == null || security.mode() == SecurityMode.NONE) {
            return request;
        }
        return request.toBuilder().voucher(security.vouch(VoucherStatement.of(self.text(), request))).build();
    }

    /**
     * Empty when the request may go on (no caller identity, no authentication, or a voucher that holds for exactly
     * this request), else why not.
     */
    public Optional<Rejection> check(CoapEnvelope request) {
        if (request.identity() == null || security.mode() == SecurityMode.NONE) {
            return Optional.empty();
        }
        byte[] voucher = request.voucher();
        if (voucher == null) {
            return Optional.of(new Rejection(DropReason.UNSIGNED, request.sourceNode(), "caller "
                    + request.identity().gateway() + ":" + request.identity().type() + ":" + request.identity().name()
                    + " without a voucher"));
        }
        try {
            security.openVoucher(voucher, v -> VoucherStatement.matches(v.statement(), v.entry(), request));
            return Optional.empty();
        } catch (SealRefusedException e) {
            String claimed = e.claimedSender() != null ? e.claimedSender() : request.sourceNode();
            return Optional.of(new Rejection(e.reason(), claimed, "voucher: " + e.getMessage()));
        }
    }
}
