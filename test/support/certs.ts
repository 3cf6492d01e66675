import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface KeyPair {
  key: string;
  cert: string;
}

const openssl = (args: string[], cwd: string) =>
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * Certificates for TLS tests, made with the openssl CLI in `dir`: a test CA, a valid and an expired
 * leaf for localhost (or `subjectAltName`) signed by it (OpenSSL 3.0's `req` cannot back-date, `ca` can), and a self-signed one.
 */
export function makeCertificates(
  dir: string,
  { subjectAltName = 'DNS:localhost,IP:127.0.0.1' }: { subjectAltName?: string } = {},
): {
  caFile: string;
  valid: KeyPair;
  expired: KeyPair;
  selfSigned: KeyPair;
} {
  mkdirSync(join(dir, 'newcerts'), { recursive: true });
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  writeFileSync(
    join(dir, 'ca.cnf'),
    `[ca]\ndefault_ca = test_ca\n[test_ca]\ndir = ${dir}\ndatabase = ${dir}/index.txt\nnew_certs_dir = ${dir}/newcerts\nserial = ${dir}/serial\n` +
      'default_md = sha256\npolicy = any\ncopy_extensions = copy\nunique_subject = no\n[any]\ncommonName = supplied\n',
  );
  const san = ['-addext', `subjectAltName=${subjectAltName}`];
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '30',
      '-subj',
      '/CN=Pageprobe Test CA',
    ],
    dir,
  );
  const leaf = (name: string, dates: string[]) => {
    openssl(
      [
        'req',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.csr`,
        '-subj',
        '/CN=localhost',
        ...san,
      ],
      dir,
    );
    openssl(
      [
        'ca',
        '-batch',
        '-config',
        'ca.cnf',
        '-keyfile',
        'ca.key',
        '-cert',
        'ca.pem',
        '-in',
        `${name}.csr`,
        '-out',
        `${name}.pem`,
        '-notext',
        ...dates,
      ],
      dir,
    );
  };
  leaf('valid', ['-days', '30']);
  leaf('expired', ['-startdate', '20240101000000Z', '-enddate', '20240201000000Z']);
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'self.key',
      '-out',
      'self.pem',
      '-days',
      '30',
      '-subj',
      '/CN=localhost',
      ...san,
    ],
    dir,
  );
  const pair = (key: string, cert: string) => ({
    key: readFileSync(join(dir, key), 'utf8'),
    cert: readFileSync(join(dir, cert), 'utf8'),
  });
  return {
    caFile: join(dir, 'ca.pem'),
    valid: pair('valid.key', 'valid.pem'),
    expired: pair('expired.key', 'expired.pem'),
    selfSigned: pair('self.key', 'self.pem'),
  };
}
