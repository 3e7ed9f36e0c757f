import { TEXTS } from '@rush/domain';
import type { DeviceGps } from '@rush/protocol';

/** Why the browser's position could not be had; its message is shown as is (SPEC 8). */
export class LocationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocationError';
  }
}

const OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 20_000, maximumAge: 60_000 };

/**
 * SPEC 7: a browser geolocation request precedes every deposit. Fails with 'Geolocation is not
 * supported by this browser.' without the API, and with the browser's own message when refused.
 */
export function locateDevice(geolocation: Geolocation | undefined = navigator.geolocation): Promise<DeviceGps> {
  return new Promise((resolve, reject) => {
    if (!geolocation || typeof geolocation.getCurrentPosition !== 'function') {
      reject(new LocationError(TEXTS.geolocationUnsupported));
      return;
    }
    geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          radius: position.coords.accuracy,
          altitude: position.coords.altitude,
          speed: position.coords.speed,
          dateTime: new Date(position.timestamp).toISOString(),
        }),
      (error) => reject(new LocationError(error.message || TEXTS.internal)),
      OPTIONS,
    );
  });
}
