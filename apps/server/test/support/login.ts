/**
 * Logs a person in the way a browser does: the login start, the stand-in TaxisNet (which signs
 * in the `login_hint` person without a click), the callback. Cookies are carried by hand.
 */
export interface LoginResult {
  /** `tickets_session=…`, ready for a Cookie header. */
  cookie: string;
  /** Where the browser ended up. */
  location: string;
}

export const cookieFrom = (response: Response, name: string): string | undefined =>
  response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1);

export async function loginAs(baseUrl: string, afm: string, returnTo?: string): Promise<LoginResult> {
  const query = new URLSearchParams({ login_hint: afm, ...(returnTo ? { return_to: returnTo } : {}) });
  const start = await fetch(`${baseUrl}/oauth2/authorization/taxis?${query}`, { redirect: 'manual' });
  const stateCookie = cookieFrom(start, 'tickets_login_state');
  const authorize = await fetch(start.headers.get('location') as string, { redirect: 'manual' });
  const callback = await fetch(authorize.headers.get('location') as string, {
    redirect: 'manual',
    headers: stateCookie ? { cookie: stateCookie } : {},
  });
  const cookie = cookieFrom(callback, 'tickets_session');
  if (!cookie)
    throw new Error(`login as ${afm} did not give a session (ended at ${callback.headers.get('location')})`);
  return { cookie, location: callback.headers.get('location') ?? '' };
}

/** Headers of a same-origin JSON call from the service's own pages. */
export const jsonFrom = (baseUrl: string, cookie?: string): Record<string, string> => ({
  origin: baseUrl,
  'content-type': 'application/json',
  ...(cookie ? { cookie } : {}),
});

/**
 * A same-origin JSON call as the person `afm` (their cookie from `cookies`), or as no one: to the
 * server at `baseUrl()`, read at each call (a test file's server listens from its `beforeAll` on).
 */
export const callerWith =
  (baseUrl: () => string, cookies: Record<string, string>) =>
  (afm: string | undefined, method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl()}${path}`, {
      method,
      headers: jsonFrom(baseUrl(), afm ? cookies[afm] : undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
    });

/** The first error of a response's envelope (docs/design.md §4). */
export async function firstError(
  response: Response,
): Promise<{ code: string; description: string } | undefined> {
  const body = (await response.json()) as {
    exceptions?: { errors?: { code: string; description: string }[] };
  };
  return body.exceptions?.errors?.[0];
}
