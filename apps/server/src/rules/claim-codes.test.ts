import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  claimCodeField,
  formatClaimCode,
  isClaimCode,
  normalizeClaimCode,
  parsePurchaseQr,
  purchaseQrText,
} from '@tickets/domain';
import { DEVELOPMENT_CLAIM_CODE_KEY } from '../config';
import { claimCodeFor, claimsFor, isClaimCodeOf } from './claim-codes';
import { repoRoot } from '../shared/server-root';

const KEY = 'a-key-of-at-least-thirty-two-characters-for-tests';

describe('claim codes', () => {
  it('derives 16 Crockford characters from the key and the ticket code: the same every time, another for another key or ticket', () => {
    const code = claimCodeFor(KEY, '301000000001');
    expect(isClaimCode(code)).toBe(true);
    expect(claimCodeFor(KEY, '301000000001')).toBe(code);
    expect(claimCodeFor(`${KEY}!`, '301000000001')).not.toBe(code);
    expect(claimCodeFor(KEY, '301000000002')).not.toBe(code);
    // 80 bits spread over the alphabet: over many tickets, every character turns up.
    const seen = new Set(
      Array.from({ length: 400 }, (_, index) => claimCodeFor(KEY, String(301000000000 + index))).join(''),
    );
    expect(seen.size).toBe(32);
  });

  it('accepts only the ticket’s own code, as printed or typed', () => {
    const code = claimCodeFor(KEY, '301000000001');
    const typed = claimCodeField.parse(formatClaimCode(code).toLowerCase());
    expect(isClaimCodeOf(KEY, '301000000001', typed)).toBe(true);
    expect(isClaimCodeOf(KEY, '301000000002', typed)).toBe(false);
    expect(isClaimCodeOf(KEY, '301000000001', typed.slice(0, -1))).toBe(false);
    const otherLast = typed.endsWith('0') ? '1' : '0';
    expect(isClaimCodeOf(KEY, '301000000001', normalizeClaimCode(`${typed.slice(0, -1)}${otherLast}`))).toBe(
      false,
    );
    expect(claimsFor(KEY, ['301000000001'])).toEqual([{ publicCode: '301000000001', claimCode: code }]);
  });

  it("keeps README's purchase confirmations those of the development key", () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const section = readme.split('### Purchase confirmations')[1]?.split('\n#')[0] ?? '';
    const rows = [...section.matchAll(/^\| `(\d{12})` \| `([0-9A-Z-]{19})` \|/gm)];
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const [, publicCode = '', printed = ''] of rows) {
      expect(printed, publicCode).toBe(formatClaimCode(claimCodeFor(DEVELOPMENT_CLAIM_CODE_KEY, publicCode)));
    }
    // And its example QR text is one the wallet reads.
    const [qr] = readme.match(/GRTICKET1:\d{12}:[0-9A-Z]{16}/) ?? [];
    const parsed = parsePurchaseQr(qr ?? '');
    expect(parsed && purchaseQrText(parsed)).toBe(qr);
    expect(parsed?.claimCode).toBe(claimCodeFor(DEVELOPMENT_CLAIM_CODE_KEY, parsed?.publicCode ?? ''));
  });
});
