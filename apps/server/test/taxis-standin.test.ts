import { beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom } from './support/login';
import { engines, useTestServer } from './support/test-server';

/** The stand-in must speak TaxisNet's protocol, including its refusals. */
describe.each(engines)('the TaxisNet stand-in on %s', (engine) => {
  const server = useTestServer(engine);
  let base: string;
  beforeAll(() => {
    base = server.baseUrl;
  });

  const startLogin = async () => {
    const start = await fetch(`${base}/oauth2/authorization/taxis`, { redirect: 'manual' });
    return {
      authorizeUrl: new URL(start.headers.get('location') as string),
      stateCookie: cookieFrom(start, 'tickets_login_state') ?? '',
    };
  };
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    redirect: 'manual' as const,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  it('shows a Greek sign-in page listing the demo people', async () => {
    const { authorizeUrl } = await startLogin();
    const page = await fetch(authorizeUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('lang="el"');
    expect(html).toContain('ΕΛΕΝΗ ΓΕΩΡΓΙΟΥ');
    expect(html).toContain('100000003');
  });

  it('refuses an unknown client or redirect URI without redirecting', async () => {
    const { authorizeUrl } = await startLogin();
    for (const [name, value] of [
      ['client_id', 'someone-else'],
      ['redirect_uri', 'https://evil.example/cb'],
    ] as const) {
      const url = new URL(authorizeUrl);
      url.searchParams.set(name, value);
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
  });

  it('signs in a typed person who is not in the registry, with the names given', async () => {
    const { authorizeUrl, stateCookie } = await startLogin();
    const fields = Object.fromEntries(authorizeUrl.searchParams);
    const invalid = await fetch(
      `${base}/oauth2server/oauth/authorize`,
      form({ ...fields, afm: '123456789' }),
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('Ο Α.Φ.Μ. δεν είναι έγκυρος');
    const noNames = await fetch(
      `${base}/oauth2server/oauth/authorize`,
      form({ ...fields, afm: '123456783' }),
    );
    expect(await noNames.text()).toContain('Συμπληρώστε όνομα και επώνυμο');

    const signedIn = await fetch(
      `${base}/oauth2server/oauth/authorize`,
      form({ ...fields, afm: '123 456 783', firstName: 'JOHN', lastName: 'SMITH' }),
    );
    const callback = await fetch(signedIn.headers.get('location') as string, {
      redirect: 'manual',
      headers: { cookie: stateCookie },
    });
    const cookie = cookieFrom(callback, 'tickets_session') ?? '';
    const user = await (await fetch(`${base}/api/auth/user`, { headers: { cookie } })).json();
    expect(user).toMatchObject({
      firstname: 'JOHN',
      lastname: 'SMITH',
      taxid: '123456783',
      TICKET_ROLE: 'STANDARD_USER',
    });
  });

  it('sends the person back with access_denied when they cancel, and the service shows the login page again', async () => {
    const { authorizeUrl, stateCookie } = await startLogin();
    const cancelled = await fetch(
      `${base}/oauth2server/oauth/authorize`,
      form({ ...Object.fromEntries(authorizeUrl.searchParams), cancel: '1' }),
    );
    const callbackUrl = new URL(cancelled.headers.get('location') as string);
    expect(callbackUrl.searchParams.get('error')).toBe('access_denied');
    const callback = await fetch(callbackUrl, { redirect: 'manual', headers: { cookie: stateCookie } });
    expect(callback.headers.get('location')).toBe('/tickets/login-app?error=login_failed');
  });

  it('exchanges a code once, only with the right secret and PKCE verifier', async () => {
    const { authorizeUrl } = await startLogin();
    authorizeUrl.searchParams.set('login_hint', '100000040');
    const redirected = await fetch(authorizeUrl, { redirect: 'manual' });
    const code = new URL(redirected.headers.get('location') as string).searchParams.get('code') ?? '';
    const exchange = (extra: Record<string, string>) =>
      fetch(
        `${base}/oauth2server/oauth/token`,
        form({
          grant_type: 'authorization_code',
          code,
          redirect_uri: authorizeUrl.searchParams.get('redirect_uri') ?? '',
          client_id: 'athletic-tickets-local',
          client_secret: 'local-stand-in-only',
          ...extra,
        }),
      );
    expect((await exchange({ client_secret: 'wrong' })).status).toBe(401);
    expect(await (await exchange({ code_verifier: 'not-the-verifier' })).json()).toEqual({
      error: 'invalid_grant',
    });
  });

  it('answers userinfo only to a valid bearer token', async () => {
    const response = await fetch(`${base}/oauth2server/userinfo?format=xml`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(response.status).toBe(401);
  });

  it('redirects logout back to the service only', async () => {
    const home = await fetch(
      `${base}/oauth2server/logout/athletic-tickets-local/?url=${encodeURIComponent(base)}`,
      {
        redirect: 'manual',
      },
    );
    expect(home.headers.get('location')).toBe(base);
    const elsewhere = await fetch(
      `${base}/oauth2server/logout/athletic-tickets-local/?url=https://evil.example`,
      {
        redirect: 'manual',
      },
    );
    expect(elsewhere.headers.get('location')).toBe(base);
  });
});
