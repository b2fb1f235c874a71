package io.coaptree.remotequery.routing;

import io.coaptree.tree.model.TreeMember;

/** Where a request for one gateway goes from here. */
public sealed interface Route {

    /** The request is for this gateway. */
    record Local() implements Route {
    }

    /** Hand it to {@code next}, a live neighbour in the effective tree (or a sibling replica). */
    record Forward(TreeMember next) implements Route {
    }

    /** The tree knows no such gateway: 4.04. */
    record Unknown(String reason) implements Route {
    }

    /** The gateway is known but down, or no live path leads to it now: 5.03. */
    record Unreachable(String reason) implements Route {
    }
}
