import { describe, expect, it } from 'vitest';
import { parseUserInfo, TaxisClient } from './taxis-client';

describe("TaxisNet's XML userinfo", () => {
  it('reads the attributes of <userinfo>, trimming the padding GSIS sends', () => {
    const document = `<?xml version="1.0" encoding="UTF-8"?><root><userinfo userid="User0001" taxid="100000027   "
      lastname="ΓΕΩΡΓΙΟΥ" firstname="ΕΛΕΝΗ" fathername="ΔΗΜΗΤΡΙΟΣ" mothername="ΣΟΦΙΑ" birthyear="1984"/></root>`;
    expect(parseUserInfo(document)).toEqual({ taxid: '100000027', firstname: 'ΕΛΕΝΗ', lastname: 'ΓΕΩΡΓΙΟΥ' });
  });

  it('decodes character references as XML requires, once (issue 40, item 11)', () => {
    const document = `<root><userinfo taxid="100000027" firstname="&#60;&#x3C;&#x3c;ΕΛΕΝΗ&#62;"
      lastname="&#913;&#x0392;&amp;#60;&quot;&apos;&lt;&gt;"/></root>`;
    expect(parseUserInfo(document)).toEqual({
      taxid: '100000027',
      firstname: '<<<ΕΛΕΝΗ>',
      lastname: 'ΑΒ&#60;"\'<>',
    });
    // A reference to a character XML does not allow is no name.
    for (const reference of ['&#0;', '&#x1;', '&#xD800;', '&#xFFFE;', '&#x110000;'])
      expect(() =>
        parseUserInfo(`<root><userinfo taxid="100000027" firstname="Α${reference}" lastname="Β"/></root>`),
      ).toThrow();
    // A name of references only is still a name, and one that decodes to blanks is none.
    expect(
      parseUserInfo('<root><userinfo taxid="100000027" firstname="&#913;" lastname="&#914;"/></root>'),
    ).toMatchObject({ firstname: 'Α', lastname: 'Β' });
    expect(() =>
      parseUserInfo('<root><userinfo taxid="100000027" firstname="&#32;&#x20;" lastname="Β"/></root>'),
    ).toThrow();
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

describe('the login_hint of a login start', () => {
  const taxis = { baseUrl: undefined, clientId: 'client', clientSecret: 'secret' };
  const authorizeUrl = async (client: TaxisClient) =>
    (await client.startLogin('https://tickets.example/callback', '100000040')).url;

  it('reaches only the local stand-in, never the real TaxisNet', async () => {
    const real = new TaxisClient('https://oauth2.gsis.gr', { ...taxis, standIn: false });
    expect((await authorizeUrl(real)).searchParams.has('login_hint')).toBe(false);
    const standIn = new TaxisClient('http://localhost:8080', { ...taxis, standIn: true });
    expect((await authorizeUrl(standIn)).searchParams.get('login_hint')).toBe('100000040');
  });
});
