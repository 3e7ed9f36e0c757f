import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

/**
 * A local SMTP server that keeps every message it receives, plus a tiny HTTP API so the test
 * workers (other processes) can read them: GET /messages?to=addr.
 */
export async function startMailCapture(smtpPort: number, apiPort: number): Promise<() => Promise<void>> {
  const messages: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) =>
            a.value.map((v) => (v.address ?? '').toLowerCase()),
          );
          messages.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '', receivedAt: Date.now() });
          callback();
        })
        .catch((e: unknown) => callback(e as Error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, '127.0.0.1', () => resolve());
  });
  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = to ? messages.filter((m) => m.to.includes(to)) : messages;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => api.listen(apiPort, '127.0.0.1', () => resolve()));
  return async () => {
    await new Promise<void>((resolve) => api.close(() => resolve()));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
