/** {@code driver-reads}: what reading CoAPTree resources as a Kura asset costs against plain CoAP GETs. */
package io.coaptree.bench.driver;
