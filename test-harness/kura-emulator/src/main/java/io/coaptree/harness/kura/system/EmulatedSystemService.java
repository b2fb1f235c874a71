package io.coaptree.harness.kura.system;

import java.io.File;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;

import org.eclipse.kura.system.ExtendedProperties;
import org.eclipse.kura.system.SystemResourceInfo;
import org.eclipse.kura.system.SystemResourceType;
import org.eclipse.kura.system.SystemService;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * Kura's SystemService for an emulated node. Every value comes from a framework property of the same name as in
 * kura.properties (the node launcher sets kura.home, kura.name, kura.data...), else from the JVM, else a
 * harness default; nothing touches the host's OS configuration.
 */
@Component(name = EmulatedSystemService.PID, immediate = true, service = SystemService.class, property = {
        "service.pid=" + EmulatedSystemService.PID, "kura.service.pid=" + EmulatedSystemService.PID })
public final class EmulatedSystemService implements SystemService {

    public static final String PID = "org.eclipse.kura.system.SystemService";

    static final String EMULATED_KURA_VERSION = "KURA_5.6.0-emulated";
    static final String EMULATED_PLATFORM = "coaptree-emulated";

    private BundleContext context;

    @Activate
    void activate(BundleContext context) {
        this.context = context;
    }

    private String property(String key, String fallback) {
        String value = this.context.getProperty(key);
        return value == null ? fallback : value;
    }

    private int intProperty(String key, int fallback) {
        try {
            return Integer.parseInt(property(key, Integer.toString(fallback)).trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private String kuraHome() {
        return property(KEY_KURA_HOME_DIR, Path.of(System.getProperty("java.io.tmpdir"), "kura").toString());
    }

    private String underHome(String key, String child) {
        return property(key, Path.of(kuraHome(), child).toString());
    }

    @Override
    public String getPrimaryMacAddress() {
        try {
            NetworkInterface loopback = NetworkInterface.getByName(getPrimaryNetworkInterfaceName());
            byte[] mac = loopback == null ? null : loopback.getHardwareAddress();
            if (mac != null) {
                return formatMac(mac);
            }
        } catch (SocketException e) {
            // fall through to the emulated address
        }
        return "00:00:00:00:00:00";
    }

    private static String formatMac(byte[] mac) {
        StringBuilder text = new StringBuilder();
        for (byte b : mac) {
            if (text.length() > 0) {
                text.append(':');
            }
            text.append(String.format("%02X", b));
        }
        return text.toString();
    }

    @Override
    public String getPrimaryNetworkInterfaceName() {
        return property(KEY_PRIMARY_NET_IFACE, "lo");
    }

    @Override
    public String getPlatform() {
        return property(KEY_PLATFORM, EMULATED_PLATFORM);
    }

    @Override
    public String getModelId() {
        return property(KEY_MODEL_ID, EMULATED_PLATFORM);
    }

    @Override
    public String getModelName() {
        return property(KEY_MODEL_NAME, "Emulated Kura node");
    }

    @Override
    public String getPartNumber() {
        return property(KEY_PART_NUMBER, UNKNOWN);
    }

    @Override
    public String getSerialNumber() {
        return property(KEY_SERIAL_NUM, getDeviceName());
    }

    @Override
    public String getDeviceName() {
        return property(KEY_DEVICE_NAME, property(KEY_KURA_NAME, getHostname()));
    }

    @Override
    public String getBiosVersion() {
        return property(KEY_BIOS_VERSION, UNSUPPORTED);
    }

    @Override
    public String getFirmwareVersion() {
        return property(KEY_FIRMWARE_VERSION, UNSUPPORTED);
    }

    @Override
    public String getOsArch() {
        return property(KEY_OS_ARCH, System.getProperty("os.arch"));
    }

    @Override
    public String getOsName() {
        return property(KEY_OS_NAME, System.getProperty("os.name"));
    }

    @Override
    public String getOsVersion() {
        return property(KEY_OS_VER, System.getProperty("os.version"));
    }

    @Override
    public String getOsDistro() {
        return property(KEY_OS_DISTRO, UNKNOWN);
    }

    @Override
    public String getOsDistroVersion() {
        return property(KEY_OS_DISTRO_VER, UNKNOWN);
    }

    @Override
    public String getJavaVendor() {
        return System.getProperty(KEY_JAVA_VENDOR);
    }

    @Override
    public String getJavaVersion() {
        return System.getProperty(KEY_JAVA_VERSION);
    }

    @Override
    public String getJavaVmName() {
        return System.getProperty(KEY_JAVA_VM_NAME);
    }

    @Override
    public String getJavaVmVersion() {
        return System.getProperty(KEY_JAVA_VM_VERSION);
    }

    @Override
    public String getJavaVmInfo() {
        return System.getProperty(KEY_JAVA_VM_INFO);
    }

    @Override
    public String getOsgiFwName() {
        return this.context.getProperty(Constants.FRAMEWORK_VENDOR);
    }

    @Override
    public String getOsgiFwVersion() {
        return this.context.getProperty(Constants.FRAMEWORK_VERSION);
    }

    @Override
    public String getFileSeparator() {
        return File.separator;
    }

    @Override
    public String getJavaHome() {
        return System.getProperty(KEY_JAVA_HOME);
    }

    @Override
    public String getKuraVersion() {
        return property(KEY_KURA_VERSION, EMULATED_KURA_VERSION);
    }

    @Override
    public String getKuraFrameworkConfigDirectory() {
        return underHome(KEY_KURA_FRAMEWORK_CONFIG_DIR, "framework");
    }

    @Override
    public String getKuraUserConfigDirectory() {
        return underHome(KEY_KURA_USER_CONFIG_DIR, "user");
    }

    @Override
    public String getKuraMarketplaceCompatibilityVersion() {
        return property(KEY_KURA_MARKETPLACE_COMPATIBILITY_VERSION, getKuraVersion());
    }

    @Override
    public String getKuraHome() {
        return kuraHome();
    }

    @Override
    public String getKuraTemporaryConfigDirectory() {
        return underHome(KEY_KURA_TMP_DIR, "tmp");
    }

    @Override
    public String getKuraSnapshotsDirectory() {
        return underHome(KEY_KURA_SNAPSHOTS_DIR, "snapshots");
    }

    @Override
    public int getKuraSnapshotsCount() {
        return intProperty(KEY_KURA_SNAPSHOTS_COUNT, 10);
    }

    @Override
    public String getKuraStyleDirectory() {
        return underHome(KEY_KURA_STYLE_DIR, "console/skin");
    }

    @Override
    public int getKuraWifiTopChannel() {
        return intProperty(KEY_KURA_WIFI_TOP_CHANNEL, 13);
    }

    @Override
    public String getKuraWebEnabled() {
        return property(KEY_KURA_HAVE_WEB_INTER, "false");
    }

    @Override
    public String getKuraDataDirectory() {
        return underHome(KEY_KURA_DATA_DIR, "data");
    }

    @Override
    public int getFileCommandZipMaxUploadSize() {
        return intProperty(KEY_FILE_COMMAND_ZIP_MAX_SIZE, 100);
    }

    @Override
    public int getFileCommandZipMaxUploadNumber() {
        return intProperty(KEY_FILE_COMMAND_ZIP_MAX_NUMBER, 1024);
    }

    @Override
    public Properties getProperties() {
        Properties properties = new Properties();
        put(properties, KEY_KURA_NAME, property(KEY_KURA_NAME, getDeviceName()));
        put(properties, KEY_KURA_VERSION, getKuraVersion());
        put(properties, KEY_DEVICE_NAME, getDeviceName());
        put(properties, KEY_PLATFORM, getPlatform());
        put(properties, KEY_MODEL_ID, getModelId());
        put(properties, KEY_MODEL_NAME, getModelName());
        put(properties, KEY_SERIAL_NUM, getSerialNumber());
        put(properties, KEY_KURA_HOME_DIR, getKuraHome());
        put(properties, KEY_KURA_DATA_DIR, getKuraDataDirectory());
        put(properties, KEY_KURA_TMP_DIR, getKuraTemporaryConfigDirectory());
        put(properties, KEY_KURA_SNAPSHOTS_DIR, getKuraSnapshotsDirectory());
        put(properties, KEY_KURA_FRAMEWORK_CONFIG_DIR, getKuraFrameworkConfigDirectory());
        put(properties, KEY_KURA_USER_CONFIG_DIR, getKuraUserConfigDirectory());
        put(properties, KEY_OS_NAME, getOsName());
        put(properties, KEY_OS_VER, getOsVersion());
        put(properties, KEY_OS_ARCH, getOsArch());
        put(properties, KEY_JAVA_VERSION, getJavaVersion());
        put(properties, KEY_JAVA_VENDOR, getJavaVendor());
        put(properties, KEY_JAVA_HOME, getJavaHome());
        put(properties, KEY_OSGI_FW_NAME, getOsgiFwName());
        put(properties, KEY_OSGI_FW_VERSION, getOsgiFwVersion());
        return properties;
    }

    private static void put(Properties properties, String key, String value) {
        if (value != null) {
            properties.setProperty(key, value);
        }
    }

    @Override
    public Bundle[] getBundles() {
        return this.context.getBundles();
    }

    /** The node's bundles; an emulated node has no OS package manager to ask. */
    @Override
    public List<SystemResourceInfo> getSystemPackages() {
        return Arrays.stream(this.context.getBundles())
                .map(b -> new SystemResourceInfo(b.getSymbolicName(), b.getVersion().toString(),
                        SystemResourceType.BUNDLE))
                .collect(Collectors.toList());
    }

    @Override
    public int getNumberOfProcessors() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** Kura reports memory in kilobytes. */
    @Override
    public long getTotalMemory() {
        return Runtime.getRuntime().maxMemory() / 1024;
    }

    @Override
    public long getFreeMemory() {
        return Runtime.getRuntime().freeMemory() / 1024;
    }

    @Override
    public char[] getJavaKeyStorePassword() {
        String value = property(KEY_KURA_KEY_STORE_PWD, null);
        return value == null ? null : value.toCharArray();
    }

    @Override
    public char[] getJavaTrustStorePassword() {
        String value = property(KEY_KURA_TRUST_STORE_PWD, null);
        return value == null ? null : value.toCharArray();
    }

    @Override
    public List<String> getDeviceManagementServiceIgnore() {
        String value = property(CONFIG_CONSOLE_DEVICE_MANAGE_SERVICE_IGNORE, "");
        return value.isBlank() ? Collections.emptyList()
                : Arrays.stream(value.split(",")).map(String::trim).collect(Collectors.toList());
    }

    @Override
    public String getHostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    @Override
    public String getNetVirtualDevicesConfig() {
        return property(KEY_KURA_NET_VIRTUAL_DEVICES_CONFIG, "unmanaged");
    }

    @Override
    public String getCommandUser() {
        return property(KEY_COMMAND_USER, System.getProperty("user.name"));
    }

    @Override
    public String getCpuVersion() {
        return property(KEY_CPU_VERSION, UNKNOWN);
    }

    @Override
    public Optional<ExtendedProperties> getExtendedProperties() {
        return Optional.empty();
    }

    @Override
    public boolean isLegacyBluetoothBeaconScan() {
        return false;
    }

    @Override
    public boolean isLegacyPPPLoggingEnabled() {
        return false;
    }

    @Override
    public String getJavaVmVendor() {
        return System.getProperty(KEY_JAVA_VM_VENDOR);
    }

    @Override
    public String getJdkVendorVersion() {
        return System.getProperty(KEY_JDK_VENDOR_VERSION, UNKNOWN);
    }
}
