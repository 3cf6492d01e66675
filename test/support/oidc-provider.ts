import { once } from 'node:events';
import { createServer } from 'node:http';
import { after } from 'node:test';
import { freePort } from '@pageprobe/local-services';
import Provider from 'oidc-provider';

/** What the provider says about a person who signs in with a login (the subject). */
export interface ProviderAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

/**
 * A real OpenID provider (`oidc-provider`) on a free port, for the file: one confidential client whose
 * redirect URIs are the dashboards' callbacks, PKCE required, and its development login form, where any
 * login is the subject of the account of that name in `accounts` (whose claims the test may change).
 */
export async function startOidcProvider(redirectUris: string[], accounts: Record<string, ProviderAccount>) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const client = { id: 'pageprobe-dashboard', secret: 'the client secret of the test provider' };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['the cookie key of the test provider'] },
    async findAccount(_ctx, id) {
      const account = accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
  });
  const server = createServer(provider.callback()).listen(port, '127.0.0.1');
  await once(server, 'listening');
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  return { issuer, clientId: client.id, clientSecret: client.secret };
}
