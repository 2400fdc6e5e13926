import type { Config } from '../config';
import type { Db } from '../db/client';
import { playedMatchOf, type DemoGateSettings } from './played-match';
import { seedDemoDataWith } from './seed';

/**
 * The demo data as a server starts with it (main.ts, the test server): seed.ts's people, officers,
 * events and tickets, and the past match played through the gate's services (played-match.ts). Apart,
 * so that bench-api.ts, which reads the demo's names in seed.ts and events.ts, does not bring in the
 * gate's services.
 */
export const seedDemoData = (
  db: Db,
  today: Date,
  config: Pick<Config, 'claimCodeKey'> & DemoGateSettings,
): Promise<void> => seedDemoDataWith(db, today, config.claimCodeKey, playedMatchOf(db, config));
