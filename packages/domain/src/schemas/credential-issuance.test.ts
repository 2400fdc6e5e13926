import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../errors';
import { OAUTH_DESCRIPTION, oauthErrorAnswer } from './credential-issuance';
import { presentationRefusalDescriptions } from './presentations';

describe('what a wallet reads in an OAuth error', () => {
  it('is printable ASCII without quotes or backslashes for every code the platform has, on every endpoint', () => {
    for (const [code, { status }] of Object.entries(errorCatalogue))
      for (const credentialEndpoint of [false, true]) {
        const answer = oauthErrorAnswer(code, status, credentialEndpoint);
        expect(answer.error, code).toMatch(/^[a-z_]+$/);
        expect(answer.error_description, code).toMatch(OAUTH_DESCRIPTION);
      }
    for (const description of Object.values(presentationRefusalDescriptions))
      expect(description).toMatch(OAUTH_DESCRIPTION);
  });

  it('refuses Greek, quotes and backslashes, as RFC 6749 does', () => {
    for (const bad of ['Λάθος κωδικός', 'a "quoted" word', 'a \\ backslash', 'a\ttab', ''])
      expect(bad).not.toMatch(OAUTH_DESCRIPTION);
  });

  it('names the refusal where the platform has a code for it, else what the status means', () => {
    expect(oauthErrorAnswer('ISSUANCE_INVALID_NONCE', 400, true)).toEqual({
      error: 'invalid_nonce',
      error_description: 'The key proof does not carry a fresh c_nonce from the nonce endpoint.',
    });
    // A wallet attestation refused at the PAR or token endpoint: OAuth's invalid_client (RFC 6749 §5.2).
    expect(oauthErrorAnswer('ISSUANCE_INVALID_CLIENT', 401, false).error).toBe('invalid_client');
    expect(oauthErrorAnswer('SOMETHING_NEW', 404, false)).toEqual({
      error: 'invalid_request',
      error_description: 'Not found.',
    });
    expect(oauthErrorAnswer('SOMETHING_NEW', 500, true).error).toBe('server_error');
  });
});
