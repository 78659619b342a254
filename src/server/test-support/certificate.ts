import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Certificate {
  key: Buffer;
  cert: Buffer;
}

let made: Certificate | null | undefined;

/** A self-signed certificate for localhost, made once with openssl; undefined when openssl cannot make one. */
export function testCertificate(): Certificate | undefined {
  if (made === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-cert-'));
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
        '-subj', '/CN=localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
      made = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
    } catch {
      made = null;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return made ?? undefined;
}
