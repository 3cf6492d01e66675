export { keyedHash } from './keyed-hash.ts';
export { type Keyring, keyId, keyringOf, open, SecretsError, seal, sealedWith } from './secret-box.ts';
