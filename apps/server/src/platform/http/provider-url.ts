const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A provider's base URL from the settings: https, or plain http only on a loopback address (a
 * local emulator), so secrets, codes and tokens never cross the network in clear. Returns the
 * URL without a trailing slash; throws `makeError(message)` naming `setting` otherwise.
 */
export function providerBaseUrl(raw: string, setting: string, makeError: (message: string) => Error): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw makeError(`${setting} must be a URL`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw makeError(`${setting} must be https (plain http only on a loopback address, for the emulator)`);
  }
  return url.toString().replace(/\/+$/, '');
}
