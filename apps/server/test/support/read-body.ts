import type http from 'node:http';

/** The whole body of a request to one of the test emulators, as text. */
export const readBody = (req: http.IncomingMessage): Promise<string> =>
  new Promise<string>((resolve, reject) => {
    let s = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (s += c));
    req.on('end', () => resolve(s));
    req.on('error', reject);
  });
