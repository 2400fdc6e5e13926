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

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false });

/** `<root><userinfo taxid=".." firstname=".." lastname=".." …/></root>`: fields are attributes. */
export function parseUserInfo(document: string): TaxisPerson {
  const parsed = xml.parse(document) as { root?: { userinfo?: Record<string, unknown> } };
  const info = parsed.root?.userinfo;
  const text = (key: string) => (typeof info?.[key] === 'string' ? (info[key] as string).trim() : '');
  const person = { taxid: text('taxid'), firstname: text('firstname'), lastname: text('lastname') };
  if (!IDENTIFIER_SHAPES.afm.test(person.taxid) || !person.firstname || !person.lastname) {
    throw new Error('TaxisNet userinfo lacks taxid, firstname or lastname');
  }
  return person;
}
