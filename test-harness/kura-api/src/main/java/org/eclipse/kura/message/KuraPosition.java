package org.eclipse.kura.message;

import java.util.Date;

import org.osgi.annotation.versioning.ProviderType;

/** A geographic position (as a GPS fix reports it) that a payload may carry; every field optional. */
@ProviderType
public class KuraPosition {

    private Double longitude;
    private Double latitude;
    private Double altitude;
    /** Dilution of precision of the fix. */
    private Double precision;
    private Double heading;
    /** Metres per second. */
    private Double speed;
    private Date timestamp;
    private Integer satellites;
    /** Kura's codes: 1 no response from the GPS, 2 an error in its response, 4 valid. */
    private Integer status;

    public KuraPosition() {
    }

    public Double getLongitude() {
        return this.longitude;
    }

    public void setLongitude(double longitude) {
        this.longitude = longitude;
    }

    public Double getLatitude() {
        return this.latitude;
    }

    public void setLatitude(double latitude) {
        this.latitude = latitude;
    }

    public Double getAltitude() {
        return this.altitude;
    }

    public void setAltitude(double altitude) {
        this.altitude = altitude;
    }

    public Double getPrecision() {
        return this.precision;
    }

    public void setPrecision(double precision) {
        this.precision = precision;
    }

    public Double getHeading() {
        return this.heading;
    }

    public void setHeading(double heading) {
        this.heading = heading;
    }

    public Double getSpeed() {
        return this.speed;
    }

    public void setSpeed(double speed) {
        this.speed = speed;
    }

    public Date getTimestamp() {
        return this.timestamp;
    }

    public void setTimestamp(Date timestamp) {
        this.timestamp = timestamp;
    }

    public Integer getSatellites() {
        return this.satellites;
    }

    public void setSatellites(int satellites) {
        this.satellites = satellites;
    }

    public Integer getStatus() {
        return this.status;
    }

    public void setStatus(int status) {
        this.status = status;
    }
}
