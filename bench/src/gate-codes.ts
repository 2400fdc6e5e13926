/**
 * The offline gate's figures (docs/gate-codes.md §9): building, signing and checking a fixture's
 * manifest, its size, how many codes one core verifies per second, and the delta a device gets when
 * one suspension is added after its fetch (its size, and the device's time to verify and apply it).
 * Prints; not a test.
 *
 *   npm run gate-codes -w @tickets/bench            # 70,000 entries
 *   GATE_ENTRIES=10000 npm run gate-codes -w @tickets/bench
 *
 * Times are CPU time of this process (user + system), so that other work on a shared machine does
 * not count; wall time is printed beside them.
 */
import { gzipSync } from 'node:zlib';
import {
  applyManifestDelta,
  GATE_MANIFEST_DELTA_MAX_CHANGES,
  GateManifestBook,
  generateGateKeyPair,
  issueWalletCredential,
  makeWalletCode,
  signPaperCode,
  verifyGateCode,
  verifyManifestDelta,
  verifyManifestSignature,
  type GateManifest,
  type GateManifestDelta,
  type GateManifestEntryInput,
  type GateManifestInput,
} from '@tickets/domain';
import { platformPlumbing } from '../../apps/server/src/bench-api';

const ENTRIES = Number(process.env.GATE_ENTRIES ?? 70_000);
const SUSPENDED_PEOPLE = Number(process.env.GATE_SUSPENDED ?? 2_000);
const EVENT_ID = 48_213;
const SEASON_ID = 48_100;
const GATES_OPEN = new Date('2026-03-14T17:00:00Z');
const NOW = new Date('2026-03-14T19:00:00Z');

function measure<T>(run: () => T): { value: T; cpuMs: number; wallMs: number } {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const value = run();
  const used = process.cpuUsage(cpu);
  return { value, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - wall };
}

const ms = (figure: { cpuMs: number; wallMs: number }) =>
  `${figure.cpuMs.toFixed(0)} ms CPU (${figure.wallMs.toFixed(0)} ms wall)`;

/** Greek names and seats of realistic length: they are what the sealed entries mostly hold. */
const FIRST = ['ΜΑΡΙΑ', 'ΓΕΩΡΓΙΟΣ', 'ΑΙΚΑΤΕΡΙΝΗ', 'ΚΩΝΣΤΑΝΤΙΝΟΣ', 'ΕΛΕΝΗ', 'ΔΗΜΗΤΡΙΟΣ'];
const LAST = ['ΠΑΠΑΔΟΠΟΥΛΟΥ', 'ΙΩΑΝΝΙΔΗΣ', 'ΚΩΝΣΤΑΝΤΙΝΙΔΟΥ', 'ΝΙΚΟΛΑΟΥ', 'ΑΝΤΩΝΙΟΥ'];

const platform = generateGateKeyPair();
const platformKey = { keyId: 1, secretKey: platform.secretKey };
const platformKeys = [{ keyId: 1, publicKey: platform.publicKey }];
const phones = Array.from({ length: 50 }, () => generateGateKeyPair());

/** A third of the codes each: paper QR, barcode, wallet credential; one holder in 20 a young minor. */
function makeInputs() {
  const entries: GateManifestEntryInput[] = [];
  const scanned = { paper: [] as string[], random: [] as string[], wallet: [] as string[] };
  for (let n = 0; n < ENTRIES; n++) {
    const ticketCode = String(300_000_000_000 + n * 7);
    const scopeEventId = n % 4 === 0 ? SEASON_ID : EVENT_ID;
    let code: GateManifestEntryInput['code'];
    if (n % 3 === 0) {
      code = { kind: 'paper', code: signPaperCode({ ticketCode, scopeEventId, serial: 1 }, platformKey) };
      scanned.paper.push(code.code);
    } else if (n % 3 === 1) {
      // A code as the server makes one (80 random bits: distinct).
      const random = platformPlumbing.newVerificationCode();
      code = { kind: 'random', code: random };
      scanned.random.push(random);
    } else {
      const device = phones[n % phones.length] as { secretKey: string; publicKey: string };
      const credential = issueWalletCredential(
        {
          ticketCode,
          scopeEventId,
          credentialId: n + 1,
          devicePublicKey: device.publicKey,
          issuedAt: GATES_OPEN,
        },
        platformKey,
      );
      code = { kind: 'wallet', credential };
      if (scanned.wallet.length < 1000) {
        scanned.wallet.push(makeWalletCode({ credential, secretKey: device.secretKey, now: NOW }));
      }
    }
    const minor = n % 20 === 0;
    entries.push({
      code,
      ticketCode,
      holderName: `${FIRST[n % FIRST.length]} ${LAST[(n >> 2) % LAST.length]}`,
      documentType: 'ΔΕΛΤΙΟ ΤΑΥΤΟΤΗΤΑΣ',
      documentHint: String(n % 1000).padStart(3, '0'),
      seat: `Θύρα ${n % 30}, Σειρά ${n % 40}, Θέση ${n % 60}`,
      entersThisEvent: n % 500 !== 0,
      // As many holders suspended as SUSPENDED_PEOPLE would name among the entries (the server marks them).
      holderSuspended: n % Math.max(1, Math.round(ENTRIES / SUSPENDED_PEOPLE)) === 5,
      companionRequired: minor,
      companion: minor
        ? { name: `${FIRST[(n + 1) % FIRST.length]} ${LAST[n % LAST.length]}`, afmHint: '123' }
        : null,
    });
  }
  return { entries, scanned };
}

function rate(codes: string[], manifest: GateManifest) {
  const figure = measure(() =>
    codes.map((code) => verifyGateCode(code, manifest, { eventId: EVENT_ID, now: NOW })),
  );
  const reasons = new Map<string, number>();
  for (const result of figure.value) {
    const reason = result.ok ? 'ADMITTED' : result.reason;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  const counts = [...reasons].map(([reason, count]) => `${count} ${reason}`).join(', ');
  return `${((codes.length / figure.cpuMs) * 1000).toFixed(0)}/s (${counts})`;
}

console.log(`Node ${process.version}, ${ENTRIES} entries, ${SUSPENDED_PEOPLE} suspended people`);
const inputs = measure(makeInputs);
console.log(`inputs (signing the codes, not part of the build): ${ms(inputs)}`);
const { entries, scanned } = inputs.value;
const reading = (): GateManifestInput => ({
  eventId: EVENT_ID,
  seasonId: SEASON_ID,
  gatesOpenAt: GATES_OPEN,
  endsAt: new Date('2026-03-14T23:00:00Z'),
  createdAt: new Date('2026-03-14T16:00:00Z'),
  platformKeys,
  revokedPaperCodes: [],
  revokedCredentialIds: [],
  entries,
});
// What the server does on the first poll: a book at revision 0, and the whole manifest signed.
const built = measure(() => {
  const book = new GateManifestBook(reading(), platformKey);
  return { book, manifest: book.manifest() };
});
console.log(`build (GateManifestBook, revision 0, signed): ${ms(built)}`);
const json = measure(() => JSON.stringify(built.value.manifest));
const gzip = gzipSync(json.value, { level: 6 });
console.log(
  `JSON: ${(json.value.length / 1024).toFixed(0)} KB, gzip ${(gzip.length / 1024).toFixed(0)} KB ` +
    `(${(gzip.length / ENTRIES).toFixed(0)} bytes an entry); stringify ${ms(json)}`,
);
const parsed = measure(() => JSON.parse(json.value) as GateManifest);
console.log(`JSON.parse on the device: ${ms(parsed)}`);
const checked = measure(() => verifyManifestSignature(parsed.value, platformKeys));
console.log(`verifyManifestSignature (schema + canonical form + Ed25519): ${checked.value}, ${ms(checked)}`);

const manifest = parsed.value;
// The first scan decodes the manifest's lists once (keys, revocations).
const first = measure(() =>
  verifyGateCode(scanned.paper[0] as string, manifest, { eventId: EVENT_ID, now: NOW }),
);
console.log(`first scan (prepares the manifest): ${ms(first)}`);
const sample = (codes: string[]) => codes.slice(0, Math.min(codes.length, 1000));
console.log(`paper QR codes: ${rate(sample(scanned.paper), manifest)}`);
console.log(`barcodes: ${rate(sample(scanned.random), manifest)}`);
console.log(`wallet codes, first scan of each credential: ${rate(sample(scanned.wallet), manifest)}`);
console.log(`wallet codes, credential seen before (remembered): ${rate(sample(scanned.wallet), manifest)}`);

// One suspension added after the device's fetch: the server reads the fixture again, the book seals
// the suspended holder's entry anew at the next revision, and the device's next poll gets the delta.
const { book } = built.value;
const suspendedNow = entries.findIndex(
  (entry) => !entry.holderSuspended && entry.entersThisEvent && entry.code.kind === 'paper',
);
const later = reading();
later.entries = entries.map((entry, at) =>
  at === suspendedNow ? { ...entry, holderSuspended: true } : entry,
);
const updated = measure(() => book.update(later));
console.log(`one suspension added, on the server (compare ${ENTRIES} entries, seal one): ${ms(updated)}`);
const delta = measure(() =>
  JSON.stringify(book.deltaSince(manifest.salt, manifest.revision, GATE_MANIFEST_DELTA_MAX_CHANGES)),
);
const deltaGzip = gzipSync(delta.value, { level: 6 });
console.log(
  `delta: ${delta.value.length} bytes JSON, ${deltaGzip.length} bytes gzip (goal < 50 KB); made in ${ms(delta)}`,
);
const applied = measure(() => {
  const received = JSON.parse(delta.value) as unknown;
  if (!verifyManifestDelta(received, platformKeys)) throw new Error('The delta does not verify.');
  return applyManifestDelta(manifest, received as GateManifestDelta);
});
console.log(`device: JSON.parse + verifyManifestDelta + applyManifestDelta: ${ms(applied)} (goal < 100 ms)`);
const after = applied.value as GateManifest;
const suspendedCode = scanned.paper[suspendedNow / 3] as string;
const decided = verifyGateCode(suspendedCode, after, { eventId: EVENT_ID, now: NOW });
console.log(
  `the newly suspended holder's print, on the updated copy: ${decided.ok ? 'ADMITTED' : decided.reason}`,
);
