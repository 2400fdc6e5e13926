import { euWalletModules } from './eu-wallet';
import { featureModules } from './features';
import { gateModules } from './gate';
import type { SqlModule } from './module';
import { ruleModules } from './rules';
import { sharedModules } from './shared';
import { walletModules } from './wallet';

/** Every module whose statements are checked in (apps/server/sql/), with how each function is called. */
export const sqlModules: SqlModule[] = [
  ...featureModules,
  ...gateModules,
  ...walletModules,
  ...euWalletModules,
  ...ruleModules,
  ...sharedModules,
];
export type { SqlModule };
