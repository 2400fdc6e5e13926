/** Signing in as a browser does, and what a client reads of its session. */
import { platformPlumbing } from '../../../apps/server/src/bench-api';

/** The cookies an answer sets, as `name=value` (a browser's jar, for one login). */
const cookiesSetBy = (response: Response) =>
  response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');

/** Signs `afm` in through the TaxisNet stand-in, as a browser does; answers the session's `name=value`. */
export async function loginAs(url: string, afm: string): Promise<string> {
  const start = await fetch(`${url}/oauth2/authorization/taxis?login_hint=${afm}`, { redirect: 'manual' });
  const authorize = await fetch(start.headers.get('location') as string, { redirect: 'manual' });
  const callback = await fetch(authorize.headers.get('location') as string, {
    redirect: 'manual',
    headers: { cookie: cookiesSetBy(start).join('; ') },
  });
  const session = cookiesSetBy(callback).find((c) => c.startsWith(`${platformPlumbing.session.cookieName}=`));
  if (!session) throw new Error(`login of ${afm} failed`);
  return session;
}

/**
 * The logout address the platform answers a session check with, as a client reads it, its own origin
 * written ORIGIN: the floor answers it with its own (the TaxisNet stand-in is the platform's).
 */
export async function logoutUrlOf(url: string, cookie: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/user`, { headers: { cookie } });
  if (!response.ok) throw new Error(`the session check answered ${response.status}`);
  const { logoutUrl } = (await response.json()) as { logoutUrl: string };
  return logoutUrl.replace(url, 'ORIGIN');
}
