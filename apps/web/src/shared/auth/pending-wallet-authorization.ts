import { WALLET_AUTHORIZATION_MINUTES } from '@tickets/domain';

/**
 * The wallet's request the person left to sign in with TaxisNet (issue #53 item 4): TaxisNet sends
 * them back to the confirmation page, which continues here while the request can still be answered.
 * This tab's storage only, and only the page's own address.
 */
const KEY = 'tickets.pending-wallet-authorization';

export function rememberWalletAuthorization(location: string): void {
  sessionStorage.setItem(KEY, JSON.stringify({ location, at: Date.now() }));
}

export function forgetWalletAuthorization(): void {
  sessionStorage.removeItem(KEY);
}

/** The page to go back to, while its request may still be open. */
export function pendingWalletAuthorization(): string | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as {
      location?: unknown;
      at?: unknown;
    } | null;
    if (typeof saved?.location !== 'string' || typeof saved.at !== 'number') return undefined;
    if (Date.now() - saved.at > WALLET_AUTHORIZATION_MINUTES * 60_000) return undefined;
    return saved.location;
  } catch {
    return undefined;
  }
}
