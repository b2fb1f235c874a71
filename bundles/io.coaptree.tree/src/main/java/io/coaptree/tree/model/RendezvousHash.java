package io.coaptree.tree.model;

import java.nio.charset.StandardCharsets;

import com.google.common.hash.HashFunction;
import com.google.common.hash.Hashing;

/**
 * Highest-random-weight (rendezvous) hashing: a key goes to the candidate with the highest score for the pair, so
 * removing a candidate moves only the keys it had. The score must be the same on every gateway and JVM: Guava's
 * MurmurHash3 (fixed, seedless) over both names, not {@code String.hashCode}, which spreads short names poorly.
 */
final class RendezvousHash {

    private static final HashFunction MURMUR = Hashing.murmur3_128();

    private RendezvousHash() {
    }

    static long score(String key, String candidate) {
        // Each name hashed alone, then the pair: hashing the concatenation directly was measurably biased for names
        // that share a prefix (dA, dA2).
        return MURMUR.newHasher().putLong(MURMUR.hashString(key, StandardCharsets.UTF_8).asLong())
                .putLong(MURMUR.hashString(candidate, StandardCharsets.UTF_8).asLong()).hash().asLong();
    }
}
