import * as oauth from 'openid-client';
import { XMLParser } from 'fast-xml-parser';
import { IDENTIFIER_SHAPES } from '@tickets/domain';
import type { Config } from '../../config';

/**
 * TaxisNet (GSIS OAuth2) as docs/design.md §3 describes it: plain OAuth2 authorization code with
 * client_secret_post, no OIDC discovery, and a userinfo endpoint that answers XML.
 */
export const TAXIS_PATHS = {
  authorize: '/oauth2server/oauth/authorize',
  token: '/oauth2server/oauth/token',
  userinfo: '/oauth2server/userinfo',
  logout: '/oauth2server/logout',
} as const;

export interface TaxisPerson {
  taxid: string;
  firstname: string;
  lastname: string;
}

export class TaxisClient {
  private readonly configuration: oauth.Configuration;
  /** Only the local stand-in signs a person in from the hint; TaxisNet must never be sent an ΑΦΜ. */
  private readonly forwardsLoginHint: boolean;

  constructor(
    private readonly baseUrl: string,
    taxis: Config['taxis'],
  ) {
    this.forwardsLoginHint = taxis.standIn;
    this.configuration = new oauth.Configuration(
      {
        issuer: baseUrl,
        authorization_endpoint: `${baseUrl}${TAXIS_PATHS.authorize}`,
        token_endpoint: `${baseUrl}${TAXIS_PATHS.token}`,
      },
      taxis.clientId,
      undefined,
      oauth.ClientSecretPost(taxis.clientSecret),
    );
    // Plain http:// only ever reaches the local stand-in (or a test double of TaxisNet).
    if (baseUrl.startsWith('http://')) oauth.allowInsecureRequests(this.configuration);
  }

  async startLogin(redirectUri: string, loginHint: string | undefined) {
    const state = oauth.randomState();
    const codeVerifier = oauth.randomPKCECodeVerifier();
    const parameters: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: 'read',
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    };
    if (loginHint && this.forwardsLoginHint) parameters.login_hint = loginHint;
    return { state, codeVerifier, url: oauth.buildAuthorizationUrl(this.configuration, parameters) };
  }

  /** Exchanges the callback's code for a token and reads who logged in. */
  async finishLogin(
    callbackUrl: URL,
    expected: { state: string; codeVerifier: string },
  ): Promise<TaxisPerson> {
    const tokens = await oauth.authorizationCodeGrant(this.configuration, callbackUrl, {
      expectedState: expected.state,
      pkceCodeVerifier: expected.codeVerifier,
    });
    const response = await oauth.fetchProtectedResource(
      this.configuration,
      tokens.access_token,
      new URL(`${this.baseUrl}${TAXIS_PATHS.userinfo}?format=xml`),
      'GET',
    );
    if (!response.ok) throw new Error(`TaxisNet userinfo answered ${response.status}`);
    return parseUserInfo(await response.text());
  }

  /** The client appends `/?url=<origin>` (docs/product-spec.md §4). */
  logoutUrl(clientId: string): string {
    return `${this.baseUrl}${TAXIS_PATHS.logout}/${encodeURIComponent(clientId)}`;
  }
}

/**
 * The attributes as written: the parser's own entity handling decodes the five named entities but
 * leaves numeric references (`&#60;`) as they are, so a name arrived and was stored as `&#60;…`
 * (issue 40). `attributeValue` decodes them all, once, as XML does.
 */
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  processEntities: false,
});

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML 1.0's Char production: a reference to anything else makes the document malformed. */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/**
 * An attribute's value as XML defines it (XML 1.0 §3.3.3): a literal tab or line break is a space,
 * then each reference (`&#60;`, `&#x3C;`, `&lt;`) is its character, in one pass so that `&amp;#60;`
 * stays the text `&#60;`. A reference to a character XML forbids (`&#0;`) refuses the document.
 */
function attributeValue(raw: string): string {
  return raw
    .replace(/[\t\n\r]/g, ' ')
    .replace(/&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(lt|gt|amp|quot|apos));/g, (_, decimal, hex, name) => {
      if (name) return NAMED_ENTITIES[name as string] ?? '';
      const code = decimal ? Number.parseInt(decimal as string, 10) : Number.parseInt(hex as string, 16);
      if (!isXmlChar(code)) throw new Error('TaxisNet userinfo refers to a character XML does not allow');
      return String.fromCodePoint(code);
    });
}

/** `<root><userinfo taxid=".." firstname=".." lastname=".." …/></root>`: fields are attributes. */
export function parseUserInfo(document: string): TaxisPerson {
  const parsed = xml.parse(document) as { root?: { userinfo?: Record<string, unknown> } };
  const info = parsed.root?.userinfo;
  const text = (key: string) =>
    typeof info?.[key] === 'string' ? attributeValue(info[key] as string).trim() : '';
  const person = { taxid: text('taxid'), firstname: text('firstname'), lastname: text('lastname') };
  if (!IDENTIFIER_SHAPES.afm.test(person.taxid) || !person.firstname || !person.lastname) {
    throw new Error('TaxisNet userinfo lacks taxid, firstname or lastname');
  }
  return person;
}
