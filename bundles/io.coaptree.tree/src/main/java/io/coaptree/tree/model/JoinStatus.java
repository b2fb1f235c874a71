package io.coaptree.tree.model;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * A gateway's join as the operator sees it (the tree service's {@code tree.join.*} properties and
 * {@code GET /tree-stats}).
 *
 * @param state            the membership state: {@code JOINING}, {@code JOINED}, {@code REFUSED}, ...
 * @param refusedBy        while refused: the gateway that refused the join, as its seal proved (only a gateway
 *                         holding the same node name can)
 * @param nextAttemptAt    while refused: when the gateway asks to join again (epoch ms); a refusal is never final
 * @param answersCoalesced other gateways' join requests answered together with others since the start (at most
 *                         one answer per tick interval): a gateway repeating join requests shows here
 */
public record JoinStatus(String state, Optional<String> refusedBy, OptionalLong nextAttemptAt,
        long answersCoalesced) {
}
