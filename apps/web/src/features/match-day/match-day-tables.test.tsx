import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { gateCountsMessages, matchDayMessages } from '@tickets/domain';
import { DevicesTable, EntriesTable, RefusedByReason } from './match-day-tables';
import { report } from './test-report';

afterEach(cleanup);
const text = matchDayMessages;

describe('the match-day tables', () => {
  it('hold the entries per minute of each device that admitted, and their total', () => {
    render(<EntriesTable report={report} />);
    const table = screen.getByRole('table', { name: text.entriesTitle });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([text.minute, 'Θύρα Α', 'Θύρα Β', text.total]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['2', '1', '3'],
      ['3', '0', '3'],
    ]);
  });

  it('say which device is offline with records waiting to be sent', () => {
    render(<DevicesTable report={report} titleId="devices" />);
    const row = screen.getByRole('row', { name: /Θύρα Β/ });
    expect(row.textContent).toContain(text.offlineWithPending(4));
    expect(screen.getByRole('row', { name: /Θύρα Α/ }).textContent).toContain(text.online);
    expect(screen.getByRole('row', { name: /Θύρα Γ/ }).textContent).toContain(text.neverContacted);
  });

  it('list the refusals by reason, most first', () => {
    render(<RefusedByReason report={report} />);
    const rows = within(screen.getByRole('table', { name: gateCountsMessages.refusedByReason }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      `${gateCountsMessages.reasons.ALREADY_ADMITTED}3`,
      `${gateCountsMessages.reasons.UNKNOWN_CODE}1`,
    ]);
  });
});
