/** The driver instance's settings (its Kura metatype is written from {@link DriverOptions#SETTINGS}). */
package io.coaptree.driver.options;
