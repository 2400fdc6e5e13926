import { expect, test } from '@playwright/test';
import { credentialIssuanceMessages, messages, WALLET_AUTHORIZE_PATH } from '@tickets/domain';
import { startAuthorization, walletKey } from '../../apps/server/test/support/eu-wallet-client';
import {
  developmentWalletProvider,
  libraryWalletProvider,
} from '../../apps/server/test/support/wallet-provider';
import { expectAccessible } from './support';

/**
 * Issue #53 item 4: an EU wallet starts from the platform's entry in its catalogue, with no offer
 * (HAIP's authorization code flow, docs/design.md §12). The wallet, in this test's process and
 * written by others (`@openid4vc/openid4vci`), pushes its request with its provider's attestation;
 * the person opens the page it names on their phone, signs in with TaxisNet, chooses the ticket and
 * is sent back to the wallet, which redeems the code with DPoP and takes the credential.
 */
const text = credentialIssuanceMessages.authorize;
const PHONE = { width: 390, height: 844 };
const HOLDER = { afm: '100000039', name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ' };
const SEASON_TICKET = '303000000001';
const REDIRECT_URI = 'https://wallet.example.eu/callback';
const WALLET_NAME = 'EU Test Wallet';

test.use({ viewport: PHONE });

test('a wallet’s authorization request: the person signs in, chooses the ticket, and the wallet takes it', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const instanceKey = walletKey();
  const { library, signer } = libraryWalletProvider(await developmentWalletProvider());
  const flow = await startAuthorization(
    origin,
    {
      clientId: 'https://wallet.example.eu/client',
      instanceKey,
      walletAttestation: await library.createWalletAttestationJwt({
        clientId: 'https://wallet.example.eu/client',
        issuer: 'https://wallet-provider.example.eu',
        walletName: WALLET_NAME,
        confirmation: { jwk: instanceKey.publicJwk as never },
        expiresAt: new Date(Date.now() + 3_600_000),
        signer,
      }),
    },
    { redirectUri: REDIRECT_URI },
  );
  expect(new URL(flow.authorizationRequestUrl).pathname).toBe(WALLET_AUTHORIZE_PATH);
  // The wallet's own app, where the browser is sent back: this test answers for it.
  await page.route('https://wallet.example.eu/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>wallet</title>' }),
  );

  // Signed out: the page says why to sign in, and brings the person back after TaxisNet.
  await page.goto(flow.authorizationRequestUrl);
  await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
  await expect(page.getByText(text.signInFirst)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('sign-in-first.png'), fullPage: true });
  await page.getByRole('link', { name: messages.login.link }).click();
  await page.getByRole('button', { name: new RegExp(`${HOLDER.name}.*${HOLDER.afm}`) }).click();

  // Back on the request, signed in: the wallet that asks, and the person's tickets to choose from.
  await expect(page).toHaveURL(new RegExp(`${WALLET_AUTHORIZE_PATH}\\?`));
  await expect(page.getByText(text.intro(WALLET_NAME))).toBeVisible();
  await page.getByRole('button', { name: text.give }).click();
  await expect(page.getByText(text.chooseRequired).first()).toBeVisible();
  await expectAccessible(page);
  const season = page.getByRole('radio', { name: new RegExp(SEASON_TICKET) });
  await season.check();
  await page.screenshot({ path: test.info().outputPath('choose-ticket.png'), fullPage: true });
  await page.screenshot({ path: '/tmp/authz-choose-ticket.png', fullPage: true });
  await page.getByRole('button', { name: text.give }).click();

  await page.waitForURL(/^https:\/\/wallet\.example\.eu\/callback\?/);
  const back = new URL(page.url());
  expect(back.searchParams.get('code')).toBeTruthy();
  expect(back.searchParams.get('iss')).toBe(origin);
  const { credential, tokenType } = await flow.finish(page.url());
  expect(tokenType).toBe('DPoP');
  const claims = JSON.parse(
    Buffer.from(credential.split('~')[0]?.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as { iss: string };
  expect(claims.iss).toBe(origin);
  // The disclosures carry the chosen ticket's code.
  const disclosed = credential
    .split('~')
    .slice(1)
    .filter(Boolean)
    .map((part) => Buffer.from(part, 'base64url').toString('utf8'));
  expect(disclosed.join('\n')).toContain(SEASON_TICKET);

  // The request is answered: opening its page again says so, in Greek.
  await page.goto(flow.authorizationRequestUrl);
  await expect(page.getByText(text.expired)).toBeVisible();
});
