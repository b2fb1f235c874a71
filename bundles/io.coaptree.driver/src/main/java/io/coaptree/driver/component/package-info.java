/** The DS factory component: one Kura driver instance per configuration created under Drivers and Assets. */
package io.coaptree.driver.component;
