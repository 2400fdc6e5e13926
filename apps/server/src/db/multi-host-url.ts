/**
 * libpq's multi-host connection string, `postgres://user@host1:5432,host2:5432/db?target_session_attrs=read-write`
 * (as psql and JDBC read it), cut into one ordinary URL per host, which node-postgres can read: it does
 * not read the list itself (docs/design.md §2).
 */

/** What a connection must be to be kept: libpq's `target_session_attrs`, the values this platform can use. */
export type SessionTarget = 'any' | 'read-write' | 'primary';
const SESSION_TARGETS: readonly string[] = ['any', 'read-write', 'primary'];

export interface MultiHostUrl {
  /** One single-host URL per host, in the list's order (the order libpq tries them in). */
  urls: string[];
  target: SessionTarget;
}

const DEFAULT_PORT = '5432';
const URL_SHAPE = /^(postgres(?:ql)?:\/\/)(?:([^@/?#]*)@)?([^/?#]*)([^?#]*)(\?[^#]*)?$/;

/** Throws, naming what is wrong, for a URL this platform cannot connect with. */
export function parseMultiHostUrl(url: string): MultiHostUrl {
  const match = URL_SHAPE.exec(url);
  if (!match) throw new Error('must be a postgres:// URL');
  const [, scheme = '', userInfo, hostList = '', path = '', query = ''] = match;
  const params = new URLSearchParams(query);
  const target = params.get('target_session_attrs') ?? 'any';
  if (!SESSION_TARGETS.includes(target))
    throw new Error(`target_session_attrs=${target}: this platform writes, use read-write or primary`);
  // node-postgres would pass it on to the server as a setting, which refuses it.
  params.delete('target_session_attrs');
  const rest = params.size > 0 ? `${path || '/'}?${params}` : path;
  const credentials = userInfo !== undefined ? `${userInfo}@` : '';
  // One host (or none: a Unix socket named in the query) is passed on as it was written.
  if (!hostList.includes(','))
    return { urls: [`${scheme}${credentials}${hostList}${rest}`], target: target as SessionTarget };
  const hosts = hostList.split(',');
  if (hosts.some((host) => host === '')) throw new Error('has an empty host in its list');
  const urls = hosts.map((host) => {
    // `[::1]:5432` keeps its brackets; a host without a port gets libpq's default.
    const withPort = /^(\[[^\]]*\]|[^:]*)(:\d+)?$/.exec(host);
    if (!withPort) throw new Error(`has a host it cannot read: ${host}`);
    const port = withPort[2] ?? `:${DEFAULT_PORT}`;
    return `${scheme}${credentials}${withPort[1]}${port}${rest}`;
  });
  return { urls, target: target as SessionTarget };
}
