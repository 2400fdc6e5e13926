import { describe, expect, it } from 'vitest';
import { parseMultiHostUrl } from './multi-host-url';

describe('parseMultiHostUrl', () => {
  it('cuts libpq’s host list into one URL per host, in order, with its target', () => {
    expect(
      parseMultiHostUrl(
        'postgres://app:s%40cret@db1:5433,db2,[::1]:5434/tickets?target_session_attrs=read-write&sslmode=require',
      ),
    ).toEqual({
      urls: [
        'postgres://app:s%40cret@db1:5433/tickets?sslmode=require',
        'postgres://app:s%40cret@db2:5432/tickets?sslmode=require',
        'postgres://app:s%40cret@[::1]:5434/tickets?sslmode=require',
      ],
      target: 'read-write',
    });
  });

  it('passes a single host on as it was written', () => {
    expect(parseMultiHostUrl('postgres://postgres@127.0.0.1:5432/test')).toEqual({
      urls: ['postgres://postgres@127.0.0.1:5432/test'],
      target: 'any',
    });
    expect(parseMultiHostUrl('postgresql:///tickets?host=/var/run/postgresql').urls).toEqual([
      'postgresql:///tickets?host=%2Fvar%2Frun%2Fpostgresql',
    ]);
  });

  it('refuses a target this platform cannot write through, and an empty host', () => {
    expect(() => parseMultiHostUrl('postgres://a,b/db?target_session_attrs=read-only')).toThrow(
      /read-write or primary/,
    );
    expect(() => parseMultiHostUrl('postgres://a,,b/db')).toThrow(/empty host/);
  });
});
