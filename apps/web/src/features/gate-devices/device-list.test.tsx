import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, type GateDevice } from '@tickets/domain';
import { officer, openApp } from '../../test/render-app';
import { paths } from '../../shared/paths';

afterEach(() => vi.unstubAllGlobals());

const device: GateDevice = {
  deviceId: 'd1',
  label: 'Θύρα 7 - κινητό',
  organisationId: 'ae-olympiada',
  createdAt: '2026-11-27T18:00:00.000Z',
  pairedAt: null,
  credentialExpiresAt: null,
  pairingRefusedAt: null,
  revokedAt: null,
};

/** The officer's session, the club's one device, and the clubs the officer may register for. */
function server() {
  const answers: Record<string, unknown> = {
    '/api/auth/user': officer,
    '/api/ticket-office/gate-devices': [device],
    '/api/ticket-office/gate-devices/organisations': {
      organisations: [{ organisationId: 'ae-olympiada', name: 'Α.Ε. Ολυμπιάδα (ποδόσφαιρο)' }],
    },
    '/api/ticket-office/gate-events': [],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      path in answers
        ? new Response(JSON.stringify(answers[path]), { status: 200 })
        : new Response('{"exceptions":{"errors":[{"code":"NOT_FOUND","description":"x"}]}}', { status: 404 }),
    ),
  );
}

describe('the gate-device list', () => {
  it('names each device’s club by its name, not its id', { timeout: 20_000 }, async () => {
    server();
    openApp(paths.ticketOffice.gateDevices);
    await screen.findByRole('heading', { level: 1, name: messages.screens.gateDevices }, { timeout: 10_000 });
    const item = (await screen.findByText(device.label)).closest('li');
    await vi.waitFor(() => expect(item?.textContent).toContain('(Α.Ε. Ολυμπιάδα (ποδόσφαιρο))'));
    expect(item?.textContent).not.toContain('ae-olympiada');
  });
});
