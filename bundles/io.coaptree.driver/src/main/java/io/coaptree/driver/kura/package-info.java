/**
 * The Kura adapter: Kura's {@code Driver}, {@code PreparedRead} and {@code ChannelDescriptor} over the plain calls
 * and subscriptions, channel records and events filled from their outcomes.
 */
package io.coaptree.driver.kura;
