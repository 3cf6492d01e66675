/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([\x21-\x7e]{1,512})$/i.exec(header?.trim() ?? '');
  return match ? match[1]! : null;
}
