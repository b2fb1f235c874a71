package io.coaptree.tree.protocol;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * A gateway's join as the operator sees it.
 *
 * @param refusedBy           while refused: the gateway that refused the join, as its seal proved
 * @param nextAttemptAt       while refused: when the gateway asks to join again (epoch ms)
 * @param answersCoalesced    other gateways' join requests answered together with others since the start (a
 *                            gateway repeating join requests shows here)
 */
public record JoinStatus(Optional<String> refusedBy, OptionalLong nextAttemptAt, long answersCoalesced) {
}
