/** The Californium adapter: the driver's calls as requests the gateway's {@code CoAPServer} runs for its identity. */
package io.coaptree.driver.coap;
