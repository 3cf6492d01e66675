/**
 * The error a guarded connection fails with; its code lets callers report `url_not_allowed`. The message
 * names the host and the kind of address, never the address: it would tell a tester what internal names
 * resolve to. `address` is kept for our own logs.
 */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  readonly host: string;
  readonly address: string;
  readonly reason: string;
  constructor(host: string, address: string, reason: string) {
    super(`${host} resolves to a ${reason} address, which is not allowed`);
    this.name = 'BlockedAddressError';
    this.host = host;
    this.address = address;
    this.reason = reason;
  }
}
