import { TEXTS } from '@rush/domain';
import type { DeviceGps } from '@rush/protocol';
import { errorText } from '../../api/http.ts';

/** Why the browser's position could not be had; its message is shown as is (SPEC 8). */
export class LocationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocationError';
  }
}

const OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 20_000, maximumAge: 60_000 };

/**
 * SPEC 7: a browser geolocation request precedes every deposit (and, issue 16, every withdrawal
 * and identity profile). Fails with 'Geolocation is not
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

/** What a form that asked for the position shows on failure: the browser's text, else the server's. */
export const locatedErrorText = (error: unknown): string =>
  error instanceof LocationError ? error.message : errorText(error);
