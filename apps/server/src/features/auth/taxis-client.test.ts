import { describe, expect, it } from 'vitest';
import { parseUserInfo } from './taxis-client';

describe("TaxisNet's XML userinfo", () => {
  it('reads the attributes of <userinfo>, trimming the padding GSIS sends', () => {
    const document = `<?xml version="1.0" encoding="UTF-8"?><root><userinfo userid="User0001" taxid="100000027   "
      lastname="ΓΕΩΡΓΙΟΥ" firstname="ΕΛΕΝΗ" fathername="ΔΗΜΗΤΡΙΟΣ" mothername="ΣΟΦΙΑ" birthyear="1984"/></root>`;
    expect(parseUserInfo(document)).toEqual({ taxid: '100000027', firstname: 'ΕΛΕΝΗ', lastname: 'ΓΕΩΡΓΙΟΥ' });
  });

  it('keeps a leading zero of the AFM', () => {
    const document = '<root><userinfo taxid="012345678" firstname="A" lastname="B"/></root>';
    expect(parseUserInfo(document).taxid).toBe('012345678');
  });

  it('refuses a document without the person', () => {
    for (const document of [
      '<root/>',
      '<root><userinfo firstname="A" lastname="B"/></root>',
      'not xml',
      '',
    ]) {
      expect(() => parseUserInfo(document)).toThrow();
    }
  });
});
