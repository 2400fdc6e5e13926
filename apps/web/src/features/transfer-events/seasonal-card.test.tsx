import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, type TransferEvent } from '@tickets/domain';
import { officer, openApp } from '../../test/render-app';
import { paths } from '../../shared/paths';

afterEach(() => vi.unstubAllGlobals());

const text = messages.transferRules;
const season: TransferEvent = {
  eventId: 7,
  eventDescription: 'Α.Ε. Ολυμπιάδα - Διαρκείας 2026-27',
  eventDateTime: '2027-05-01T17:00:00.000Z',
  seasonal: true,
  allowTransfer: true,
  maxTransfers: 3,
  transferMinuteLimit: 120,
  minToAutoRevertTransferredTicket: null,
  ignoreTransfers: false,
};

function server() {
  const answers: Record<string, unknown> = {
    '/api/auth/user': officer,
    '/api/ticket-office/transfer-events': [season],
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

/** A field by its label (which starts with the rule's name and goes on with its hint). */
const startsWith = (label: string) => new RegExp(`^${label.replace(/[()]/g, '\\$&')}`);
const field = (label: string) => screen.getByLabelText(startsWith(label)) as HTMLInputElement;

describe('the transfer rules’ numbers', () => {
  it(
    'say at the field that a typed 0 or 9 was brought into the range, and forget it once typed again',
    { timeout: 15_000 },
    async () => {
      server();
      openApp(paths.ticketOffice.transferEvents);
      await screen.findByLabelText(startsWith(text.maxTransfers), undefined, { timeout: 10_000 });

      const max = field(text.maxTransfers);
      fireEvent.change(max, { target: { value: '0' } });
      fireEvent.blur(max);
      expect(max.value).toBe('1');
      expect(max.getAttribute('aria-describedby')).toContain('error');
      expect(document.getElementById(`${max.id}-error`)?.textContent).toContain(text.clamped('0', 1));

      const hours = field(text.hours);
      fireEvent.change(hours, { target: { value: '9' } });
      fireEvent.blur(hours);
      expect(hours.value).toBe('6');
      expect(document.getElementById(`${hours.id}-error`)?.textContent).toContain(text.clamped('9', 6));

      // A number in the range says nothing; typing again clears the message.
      fireEvent.change(max, { target: { value: '4' } });
      expect(document.getElementById(`${max.id}-error`)).toBeNull();
      fireEvent.blur(max);
      expect(document.getElementById(`${max.id}-error`)).toBeNull();
    },
  );
});
