/** A telemetry record and its wire form (contract version 4, see docs/hierarchy.md "Telemetry uplink"). Plain Java. */
package io.coaptree.telemetry.record;
