package io.coaptree.tree.security;

import java.util.Map;

import io.coaptree.tree.model.NodeAddress;

/**
 * When this gateway's signatures on the messages its followers read (its join, heartbeat and leave, see
 * {@link MessageSeal#sealForFollowers}) carry its whole certificate ({@code x5chain}, a few hundred bytes) and when
 * only the certificate's SHA-256 thumbprint ({@code x5t}, about 40): a receiver that checked the certificate once
 * remembers it ({@link CertificateAuthorityTrust}), so sending it with every heartbeat was most of what a gateway
 * received at idle. The whole certificate goes on a context (a topic) when
 * <ul>
 * <li>nothing went on that context with the certificate yet in this boot;</li>
 * <li>this gateway has since heard a (sender, boot) it had not heard before: a neighbour that joined or restarted,
 * which has not seen our certificate (and our answer to its join must carry it), or a gateway whose thumbprint this
 * one could not resolve, most likely because one of the two restarted while the other did not hear it;</li>
 * <li>the refresh interval has passed since the last whole certificate on that context: a safety net for a follower
 * that missed it (a lost message, a subscription made just after it, a receiver that forgot it).</li>
 * </ul>
 * The refresh is {@value #REFRESH_MILLIS} ms, fifteen heartbeats at the default interval: the certificate then
 * costs a fifteenth of what it did, and a follower that missed it waits at most that long.
 * <p>
 * The root is the exception: it always sends its whole certificate. Every group follows the root without the root
 * following the groups ({@code Neighbourhood}), so the root never hears a group start; with thumbprints a group that
 * just started (a whole site after a power cut, say) could not check the root's heartbeats until the root's next
 * certificate, and so had no root to fall back to meanwhile. So of the three heartbeats a group receives each interval
 * (its own, its domain's, the root's) the root's still carries a certificate. Thread-safe.
 */
final class CertificateAnnouncements {

    static final long REFRESH_MILLIS = 30_000;
    /** Senders whose latest boot is remembered; one forgotten and heard again costs one whole certificate more. */
    static final int MAX_SENDERS = CertificateAuthorityTrust.MAX_REMEMBERED;
    /** Contexts remembered: a gateway announces on its own few membership topics. */
    static final int MAX_CONTEXTS = 64;

    private final String self;
    private final boolean root;
    // All guarded by this.
    private final Map<String, Long> boots = new LeastRecentlyUsedMap<>(MAX_SENDERS);
    private final Map<String, Announced> contexts = new LeastRecentlyUsedMap<>(MAX_CONTEXTS);
    /** How many (sender, boot) pairs this gateway has heard for the first time. */
    private long newcomers;

    CertificateAnnouncements(String self) {
        this.self = self;
        this.root = isRoot(self);
    }

    private static boolean isRoot(String address) {
        try {
            return NodeAddress.parse(address).path().isRoot();
        } catch (RuntimeException notAnAddress) {
            return false;
        }
    }

    /** Whether the next seal on {@code context} carries the whole certificate; if so, it counts as sent now. */
    synchronized boolean due(String context, long nowMillis) {
        if (root) {
            return true;
        }
        Announced last = contexts.get(context);
        // A clock that went back counts as due: better a certificate too many than a follower left waiting.
        if (last != null && last.newcomers == newcomers && nowMillis >= last.atMillis
                && nowMillis - last.atMillis < REFRESH_MILLIS) {
            return false;
        }
        contexts.put(context, new Announced(nowMillis, newcomers));
        return true;
    }

    /** A seal of {@code sender}'s boot {@code boot} arrived: the whole certificate is due if that boot is new. */
    synchronized void heard(String sender, long boot) {
        if (sender.equals(self)) {
            return;
        }
        Long known = boots.get(sender);
        if (known == null || boot > known) {
            boots.put(sender, boot);
            newcomers++;
        }
    }

    private record Announced(long atMillis, long newcomers) {
    }
}
