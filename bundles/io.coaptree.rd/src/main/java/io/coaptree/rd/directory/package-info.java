/**
 * The running directory behind both the CoAP resources and the Java service ({@link
 * io.coaptree.rd.directory.LocalDirectory}), and the service object that outlives reconfigurations ({@link
 * io.coaptree.rd.directory.CurrentDirectory}). Plain Java.
 */
package io.coaptree.rd.directory;
