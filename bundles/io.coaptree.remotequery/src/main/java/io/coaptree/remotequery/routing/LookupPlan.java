package io.coaptree.remotequery.routing;

import java.util.List;

import io.coaptree.tree.model.TreeMember;

/**
 * What a gateway does with a lookup over a scope: answer from its own directory ({@code answerLocally}) and/or
 * pass it to {@code forwardTo} (upwards: the one attached parent; downwards: the attached children inside the
 * scope), merging what comes back. Both empty means no live gateway serves the scope.
 */
public record LookupPlan(boolean answerLocally, boolean upwards, List<TreeMember> forwardTo) {

    public LookupPlan {
        forwardTo = List.copyOf(forwardTo);
    }
}
