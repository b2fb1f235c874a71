package io.coaptree.it.tree;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;

import com.authlete.cbor.CBORByteArray;
import com.authlete.cbor.CBORDecoder;
import com.authlete.cbor.CBORDecoderOptions;
import com.authlete.cbor.CBORItem;
import com.authlete.cbor.CBORItemList;
import com.authlete.cbor.CBORTaggedItem;

import io.coaptree.harness.pki.TreePki;
import io.coaptree.tree.security.GatewayKey;
import io.coaptree.tree.security.MessageSeal;
import io.coaptree.tree.security.SealRefusedException;

/**
 * What an attacker who holds some key can make of a captured message: reads what a seal carries (anyone can; the
 * tree authenticates, it does not encrypt) and seals content again with a key and a clock of the attacker's choice.
 * Seals with the tree bundle's own COSE code, so the forged messages are well-formed seals that fail only where the
 * attack is meant to fail.
 */
final class SealForger {

    private SealForger() {
    }

    /**
     * The message inside a captured seal, a signature or a link MAC alike: read straight from the COSE array
     * (protected header, unprotected header, payload, tag) without checking anything, as an eavesdropper would.
     */
    static byte[] contentOf(byte[] sealed) throws IOException {
        CBORDecoderOptions options = new CBORDecoderOptions();
        options.removeTagProcessor(17);
        options.removeTagProcessor(18);
        CBORItem item = new CBORDecoder(sealed, options).next();
        CBORItemList array = (CBORItemList) ((CBORTaggedItem) item).getTagContent();
        return ((CBORByteArray) array.getItems().get(2)).getValue();
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
                    throw new SealRefusedException(io.coaptree.tree.drops.DropReason.UNTRUSTED, s, "unused");
                }, Clock.offset(Clock.systemUTC(), clockShift), 30_000);
    }

    /** A routed message as it goes on a query or reply topic: the class hint byte (normal), then the message. */
    static byte[] hinted(byte[] message) {
        byte[] wire = new byte[message.length + 1];
        wire[0] = (byte) io.coaptree.tree.bus.DeliveryClass.NORMAL.code();
        System.arraycopy(message, 0, wire, 1, message.length);
        return wire;
    }
}
