/**
 * A stand-in for Kura's asset provider ({@code org.eclipse.kura.asset.provider} 2.6.0, not on Maven Central) that
 * drives a {@code Driver} by the rules read in Kura's {@code BaseAsset}, {@code DriverState} and
 * {@code BaseAssetConfiguration} (see the module README).
 */
package io.coaptree.harness.asset;
