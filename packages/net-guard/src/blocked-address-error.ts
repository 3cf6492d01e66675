/** The error a guarded connection fails with; its code lets callers report `url_not_allowed`. */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  readonly host: string;
  readonly address: string;
  readonly reason: string;
  constructor(host: string, address: string, reason: string) {
    super(`${host} resolves to ${address}, a ${reason} address, which is not allowed`);
    this.name = 'BlockedAddressError';
    this.host = host;
    this.address = address;
    this.reason = reason;
  }
}
