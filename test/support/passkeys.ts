import type { CDPSession, Page } from 'puppeteer-core';

/**
 * A virtual platform authenticator in this page (Chromium's WebAuthn domain), as a laptop's: resident
 * keys, verifies its user. `credentials()` lists what it holds.
 */
export async function virtualAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; id: string; credentials(): Promise<unknown[]> }> {
  const cdp = await page.createCDPSession();
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    cdp,
    id: authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}
