package io.coaptree.server.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.api.PeerIdentity;
import io.coaptree.api.RequestOrigin;
import io.coaptree.server.capacity.CapacityPool.Reason;
import io.coaptree.server.capacity.CapacityPool.Refusal;
import io.coaptree.server.capacity.CapacityPool.Ticket;
import io.coaptree.server.options.CapacityOptions;

/** The admission by class: anonymous share, limit per address, reserved capacity, and giving back. */
class CapacityPoolTest {

    /** 100 units: anonymous callers 50 together, 10 per address; 25 reserved. */
    private final CapacityPool pool = new CapacityPool("requests in progress", 5, 100, new CapacityOptions(50, 10, 25));

    private List<Ticket> take(int n, CallerClass callerClass, String address) {
        List<Ticket> taken = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            taken.add(assertInstanceOf(Ticket.class, pool.admit(callerClass, address), "unit " + i));
        }
        return taken;
    }

    private Reason refusal(CallerClass callerClass, String address) {
        return assertInstanceOf(Refusal.class, pool.admit(callerClass, address)).reason();
    }

    @Test
    void oneAnonymousAddressHoldsAtMostItsLimitOthersStillGetIn() {
        List<Ticket> flood = take(10, CallerClass.ANONYMOUS, "192.0.2.7");
        assertEquals(Reason.PER_ADDRESS, refusal(CallerClass.ANONYMOUS, "192.0.2.7"));
        take(1, CallerClass.ANONYMOUS, "192.0.2.8");
        flood.get(0).release();
        flood.get(0).release(); // a second release gives back nothing more
        take(1, CallerClass.ANONYMOUS, "192.0.2.7");
        assertEquals(Reason.PER_ADDRESS, refusal(CallerClass.ANONYMOUS, "192.0.2.7"));
        assertEquals(Map.of("anonymous", 11, "authenticated", 0, "tree", 0), pool.inUse());
    }

    @Test
    void anonymousCallersTogetherHoldTheirShareAndNeverTheReservedPart() {
        for (int a = 0; a < 5; a++) {
            take(10, CallerClass.ANONYMOUS, "192.0.2." + a);
        }
        assertEquals(Reason.ANONYMOUS_SHARE, refusal(CallerClass.ANONYMOUS, "192.0.2.99"));
        assertEquals(Reason.ANONYMOUS_SHARE, refusal(CallerClass.ANONYMOUS, null), "relayed anonymous work too");
        take(50, CallerClass.AUTHENTICATED, null);
        assertEquals(Reason.FULL, refusal(CallerClass.TREE, null));

        // a share above what is not reserved still leaves the reserve alone
        CapacityPool greedy = new CapacityPool("x", 5, 100, new CapacityOptions(100, 1000, 25));
        for (int i = 0; i < 75; i++) {
            assertInstanceOf(Ticket.class, greedy.admit(CallerClass.ANONYMOUS, null));
        }
        assertEquals(Reason.ANONYMOUS_SHARE,
                assertInstanceOf(Refusal.class, greedy.admit(CallerClass.ANONYMOUS, null)).reason());
        for (int i = 0; i < 25; i++) {
            assertInstanceOf(Ticket.class, greedy.admit(i % 2 == 0 ? CallerClass.TREE : CallerClass.AUTHENTICATED, null));
        }
    }

    @Test
    void relayedAnonymousWorkHasNoAddressLimitHere() {
        take(50, CallerClass.ANONYMOUS, null);
        assertEquals(Reason.ANONYMOUS_SHARE, refusal(CallerClass.ANONYMOUS, null));
    }

    @Test
    void refusalsAreCountedByReasonWithTheTimeToRetry() {
        take(10, CallerClass.ANONYMOUS, "192.0.2.7");
        Refusal refusal = assertInstanceOf(Refusal.class, pool.admit(CallerClass.ANONYMOUS, "192.0.2.7"));
        assertEquals(5, refusal.retryAfterSeconds());
        assertEquals("192.0.2.7 holds 10 requests in progress without credentials, the most one address may",
                refusal.diagnostic());
        refusal(CallerClass.ANONYMOUS, "192.0.2.7");
        assertEquals(Map.of("anonymous-share", 0L, "per-address", 2L, "full", 0L), pool.refusals());
    }

    @Test
    void aSmallerPoolRefusesUntilEnoughIsGivenBackAndMemoryFollowsWhatIsHeld() {
        List<Ticket> held = take(10, CallerClass.ANONYMOUS, "192.0.2.7");
        assertEquals(1, pool.addressesHolding());
        pool.resize(8, new CapacityOptions(50, 10, 25));
        assertEquals(Reason.FULL, refusal(CallerClass.AUTHENTICATED, null));
        held.forEach(Ticket::release);
        assertEquals(0, pool.addressesHolding(), "no memory of an address that holds nothing");
        take(4, CallerClass.ANONYMOUS, "192.0.2.7");
        assertEquals(Reason.ANONYMOUS_SHARE, refusal(CallerClass.ANONYMOUS, "192.0.2.9"));
    }

    @Test
    void theClassFollowsTheIdentityThenWhereTheRequestEntered() {
        PeerIdentity operator = new PeerIdentity(PeerIdentity.KURA, "operator");
        assertEquals(CallerClass.AUTHENTICATED, CallerClass.of(operator, RequestOrigin.client("192.0.2.7")));
        assertEquals(CallerClass.AUTHENTICATED, CallerClass.of(operator, RequestOrigin.tree("A/1/gA1", false)));
        assertEquals(CallerClass.TREE, CallerClass.of(null, RequestOrigin.tree("A/1/gA1", false)));
        assertEquals(CallerClass.ANONYMOUS, CallerClass.of(null, RequestOrigin.tree("A/1/gA1", true)));
        assertEquals(CallerClass.ANONYMOUS, CallerClass.of(null, RequestOrigin.client("192.0.2.7")));
    }

    @Test
    void theAnonymousLimitIsTheShareWithoutTheReserve() {
        assertEquals(250, new CapacityOptions(50, 64, 25).anonymousLimit(500));
        assertEquals(375, new CapacityOptions(100, 64, 25).anonymousLimit(500));
        assertEquals(0, new CapacityOptions(0, 64, 25).anonymousLimit(500));
        assertEquals(0, new CapacityOptions(50, 64, 100).anonymousLimit(500));
        assertEquals(7, new CapacityOptions(100, 64, 25).anonymousLimit(10), "the reserve rounds up");
    }
}
