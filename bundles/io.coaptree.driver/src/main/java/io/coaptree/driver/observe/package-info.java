/**
 * Channel listeners in plain Java: one Observe relation (or one poll) per distinct channel resource however many
 * listeners share it, registered again after it ends (a parent gateway's failover ends relayed relations), and
 * released when the last listener leaves.
 */
package io.coaptree.driver.observe;
