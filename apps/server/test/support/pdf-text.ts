import { execFile } from 'node:child_process';

/**
 * The text of a PDF as a reader sees it, by poppler's pdftotext (Debian's poppler-utils, which
 * .ci/run installs): a statement's figures are checked in the file a player downloads.
 */
export function pdfText(pdf: Uint8Array): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-layout', '-', '-'], { encoding: 'utf8' }, (err, stdout) =>
      err ? reject(new Error(`pdftotext failed: ${err.message}`)) : resolve(stdout),
    );
    child.stdin?.end(Buffer.from(pdf));
  });
}
