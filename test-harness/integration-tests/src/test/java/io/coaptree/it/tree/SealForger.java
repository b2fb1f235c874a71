package io.coaptree.it.tree;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import io.coaptree.harness.pki.TreePki;
import io.coaptree.tree.security.CertificateAuthorityTrust;
import io.coaptree.tree.security.GatewayKey;
import io.coaptree.tree.security.MessageSeal;
import io.coaptree.tree.security.SealRefusedException;

/**
 * What an attacker who holds some key can make of a captured message: opens a seal of the tree (anyone can read
 * it; the tree signs, it does not encrypt) and seals content again with a key and a clock of the attacker's choice.
 * Built on the tree bundle's own COSE code, so the forged messages are well-formed seals that fail only where the
 * attack is meant to fail.
 */
final class SealForger {

    private final TreePki treePki;

    SealForger(TreePki treePki) {
        this.treePki = treePki;
    }

    /** The message inside a captured seal of {@code topic}. */
    byte[] contentOf(String topic, byte[] sealed) throws SealRefusedException {
        TreePki.Gateway reader = treePki.issue("-/-/reader");
        MessageSeal opener = MessageSeal.signing("-/-/reader", 1,
                GatewayKey.of(reader.keys().getPrivate(), reader.certificate()),
                new CertificateAuthorityTrust(List.of(treePki.caCertificate()), Set.of()), Clock.systemUTC(),
                Duration.ofMinutes(5).toMillis());
        return opener.open(topic, sealed).payload();
    }

    /** Seals {@code content} for {@code topic} as {@code sender}, with {@code credentials} and a shifted clock. */
    static byte[] seal(String sender, TreePki.Gateway credentials, Duration clockShift, String topic, byte[] content) {
        return sealer(sender, credentials, clockShift).seal(topic, content);
    }

    /** A seal of {@code sender} with {@code credentials} and a shifted clock: one boot, sequence numbers counting up. */
    static MessageSeal sealer(String sender, TreePki.Gateway credentials, Duration clockShift) {
        return MessageSeal.signing(sender, System.currentTimeMillis(),
                GatewayKey.of(credentials.keys().getPrivate(), credentials.certificate()),
                (s, c, now) -> {
                    throw new SealRefusedException(io.coaptree.tree.refusal.RefusalReason.UNTRUSTED, s, "unused");
                }, Clock.offset(Clock.systemUTC(), clockShift), 30_000);
    }
}
