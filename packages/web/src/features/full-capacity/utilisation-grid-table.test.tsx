import '../../lib/i18n';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { heatColour, UtilisationGridTable } from './utilisation-grid-table';

afterEach(cleanup);
beforeAll(() => i18next.loadNamespaces('full-capacity'));

describe('heatColour', () => {
  it('follows the 40 % and 90 % bands: blue under, green to yellow between, red over', () => {
    expect(heatColour(0)).toMatch(/^hsl\(205,/);
    expect(heatColour(39.9)).toMatch(/^hsl\(205,/);
    expect(heatColour(40)).toBe('hsl(130, 60%, 80%)');
    expect(heatColour(90)).toBe('hsl(55, 60%, 80%)');
    expect(heatColour(90.1)).toMatch(/^hsl\(0,/);
    expect(heatColour(250)).toBe(heatColour(91));
  });
});

describe('UtilisationGridTable', () => {
  it('shows hours down and the weekdays with data across, each cell with its per cent or "no shift"', () => {
    render(
      <UtilisationGridTable
        grid={{
          fromDate: '2026-11-02',
          toDate: '2026-11-15',
          cells: [
            { weekday: 2, hour: 9, shiftHours: 4, bookedServiceHours: 1.58, utilisation: 39.58, level: 'UNDER' },
            { weekday: 6, hour: 11, shiftHours: 2, bookedServiceHours: 1.9, utilisation: 95.04, level: 'OVER' },
            { weekday: 6, hour: 12, shiftHours: 0, bookedServiceHours: 1, utilisation: null, level: 'OVER' },
          ],
        }}
      />,
    );
    const table = screen.getByTestId('utilisation-grid');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Hour', 'Tue', 'Sat']);
    // 9 to 12 with the hour 10 in between, though no cell has it.
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['9-10', '10-11', '11-12', '12-13']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['39.6%', '']);
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', '95%']);
    expect(
      within(rows[3] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'no shift']);
  });
});
