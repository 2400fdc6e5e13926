import { sqlSamples } from '../../test/support/sql-files/module';
import * as fixtures from './fixtures';

// Its body is the rule the bindings ask (wallet.claims' bindToWallet, ticket-office's bindUnboundTicket).
export const samples = sqlSamples(fixtures, {
  mayBindTicket: null,
  installBindingRule: (db) => fixtures.installBindingRule(db),
});
