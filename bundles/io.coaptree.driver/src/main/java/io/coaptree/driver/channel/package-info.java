/**
 * A channel of a Kura asset as this driver sees it, in plain Java: the columns the driver adds to the asset's
 * channel table ({@link ChannelColumns}, one definition each) and their values read and checked
 * ({@link ChannelSettings}), a bad value refused naming its column.
 */
package io.coaptree.driver.channel;
