import { readFileSync, rmSync } from 'node:fs';
import { SERVER_LOG } from '../playwright.config';

/**
 * After the whole browser run: the server's log must hold no ΑΦΜ, ΑΜΚΑ or document number in
 * clear (docs/design.md §4), though every test signed people in and typed those into forms.
 */
const PERSONAL = [
  ...['100000003', '100000015', '100000027', '100000039', '100000040'],
  ...['ΑΒ100039', 'ΑΒ123456', 'RP-778899', 'Χ998877'],
];

export default function noPersonalDataInLogs(): void {
  const log = readFileSync(SERVER_LOG, 'utf8');
  rmSync(SERVER_LOG); // the next run starts a new one
  if (log.split('\n').length < 100)
    throw new Error(`the server log has too few lines to prove anything (${SERVER_LOG})`);
  // Bounded by non-digits: a timestamp may hold the same nine digits by chance.
  const found = PERSONAL.filter((value) => new RegExp(`(?<![\\d.])${value}(?![\\d])`).test(log));
  if (found.length > 0) throw new Error(`personal data in the server log: ${found.join(', ')}`);
  console.log(`server log checked: ${log.split('\n').length} lines, no ΑΦΜ or document number in clear`);
}
