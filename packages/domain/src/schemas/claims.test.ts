import { describe, expect, it } from 'vitest';
import {
  addWalletTicketSchema,
  formatClaimCode,
  normalizeClaimCode,
  parsePurchaseQr,
  purchaseQrText,
} from './claims';

describe('claim codes', () => {
  it('reads a code as typed: groups, spaces, lower case and look-alike letters', () => {
    expect(normalizeClaimCode(' 7kq2-m9tx 4hcn-r8we ')).toBe('7KQ2M9TX4HCNR8WE');
    expect(normalizeClaimCode('OIL0')).toBe('0110');
    expect(formatClaimCode('7KQ2M9TX4HCNR8WE')).toBe('7KQ2-M9TX-4HCN-R8WE');
  });

  it('takes a purchase QR back to its two codes, and nothing else', () => {
    const proof = { publicCode: '301000000001', claimCode: '7KQ2M9TX4HCNR8WE' };
    expect(parsePurchaseQr(purchaseQrText(proof))).toEqual(proof);
    expect(parsePurchaseQr('GRTICKET1:301000000001:7kq2-m9tx-4hcn-r8we')).toEqual(proof);
    for (const text of [
      '301000000001',
      'GRTICKET1:30100000000:7KQ2M9TX4HCNR8WE',
      'GRTICKET1:301000000001:7KQ2M9TX4HCNR8W',
      'GRTICKET1:301000000001:7KQ2M9TX4HCNR8WU',
      'GRTICKET2:301000000001:7KQ2M9TX4HCNR8WE',
      'GRTICKET1:301000000001:7KQ2M9TX4HCNR8WE:x',
    ])
      expect(parsePurchaseQr(text), text).toBeUndefined();
  });

  it('checks the wallet call’s body with the Greek message', () => {
    const ok = addWalletTicketSchema.safeParse({
      publicCode: '301000000001',
      claimCode: '7kq2-m9tx-4hcn-r8we',
    });
    expect(ok.success && ok.data.claimCode).toBe('7KQ2M9TX4HCNR8WE');
    const bad = addWalletTicketSchema.safeParse({ publicCode: '301000000001', claimCode: '123' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/κωδικός αγοράς/);
  });
});
