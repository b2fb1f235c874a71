/** The cloud destination: records as Kura messages through a Kura {@code CloudPublisher} (the Kura adapter). */
package io.coaptree.telemetry.cloud;
