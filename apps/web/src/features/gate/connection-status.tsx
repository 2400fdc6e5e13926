import { useEffect, useRef, useState } from 'react';
import { formatTime, gateScreenMessages } from '@tickets/domain';
import { connectionAnnouncement, type OfflineGate } from './use-offline-gate';

const text = gateScreenMessages;
/** How often the manifest's age is redrawn: it is shown in whole minutes. */
const AGE_TICK_MS = 15_000;

function manifestLine(gate: OfflineGate, now: number): string {
  const { manifest } = gate;
  if (manifest.status === 'loading') return text.manifestLoading;
  if (manifest.status === 'missing') return text.manifestMissing;
  if (manifest.status === 'untrusted') return text.manifestUntrusted;
  if (manifest.status === 'cancelled') return text.eventCancelled;
  const { checkedAt } = manifest.stored;
  return text.manifestAge(formatTime(new Date(checkedAt)), Math.floor(Math.max(0, now - checkedAt) / 60_000));
}

/**
 * Whether the device is online, how old its copy of the match's manifest is, and what it has still to
 * send. A change of connection is announced to screen readers (not the first state, which is read
 * with the page).
 */
export function ConnectionStatus({ gate }: { gate: OfflineGate }) {
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(gate.connected);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (previous.current === gate.connected) return;
    previous.current = gate.connected;
    setAnnouncement(connectionAnnouncement(gate.connected));
  }, [gate.connected]);

  const problem = ['missing', 'untrusted', 'cancelled'].includes(gate.manifest.status);
  return (
    <section
      aria-label={text.connection}
      className={`app-gate-connection ${gate.connected ? '' : 'app-gate-connection--offline'}`}
    >
      <p className="app-gate-connection__state">
        <span className={`app-tag ${gate.connected ? 'app-tag--success' : 'app-tag--offline'}`}>
          {gate.connected ? text.online : text.offline}
        </span>
        {gate.connected ? null : <> {text.offlineExplained}</>}
      </p>
      <p className={problem ? 'app-gate-connection__problem' : undefined}>
        {text.manifest}: {manifestLine(gate, now)}
      </p>
      {gate.pending > 0 ? <p>{text.pendingUploads(gate.pending)}</p> : null}
      <p className="app-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
