import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { monthGrid } from './date-calendar';
import { DateField } from './date-field';

function Harness({ onChange, today }: { onChange: (day: string) => void; today: string }) {
  const [value, setValue] = useState('2026-03-05');
  return (
    <DateField
      label="From"
      value={value}
      today={today}
      testId="from-date"
      onChange={(day) => {
        setValue(day);
        onChange(day);
      }}
    />
  );
}

afterEach(cleanup);

describe('monthGrid', () => {
  it('shows six weeks starting on the Monday on or before the 1st', () => {
    const weeks = monthGrid(2026, 3); // 1 March 2026 is a Sunday
    expect(weeks).toHaveLength(6);
    expect(weeks[0]?.[0]).toBe('2026-02-23');
    expect(weeks[0]?.[6]).toBe('2026-03-01');
    expect(weeks[5]?.[6]).toBe('2026-04-05');
  });
});

describe('DateField calendar', () => {
  it('picks a day from a calendar in Italian (Monday first, Italian names) and writes it dd/mm/yyyy', async () => {
    await i18n.changeLanguage('it');
    try {
      const onChange = vi.fn();
      render(<Harness onChange={onChange} today="2026-03-10" />);
      fireEvent.click(screen.getByTestId('from-date-calendar'));
      const calendar = await screen.findByTestId('date-calendar');
      expect(within(calendar).getByTestId('date-calendar-month').textContent).toBe('marzo 2026');
      expect(within(calendar).getAllByRole('columnheader')[0]?.textContent).toBe('lun');
      // The salon's today is marked, the chosen day selected.
      expect(within(calendar).getByTestId('calendar-day-2026-03-10').getAttribute('aria-current')).toBe('date');
      expect(within(calendar).getByRole('button', { name: '5 marzo 2026' })).toBeTruthy();
      fireEvent.click(within(calendar).getByRole('button', { name: 'Mese successivo' }));
      expect(within(calendar).getByTestId('date-calendar-month').textContent).toBe('aprile 2026');
      fireEvent.click(within(calendar).getByTestId('calendar-day-2026-04-14'));
      expect(onChange).toHaveBeenCalledWith('2026-04-14');
      expect((screen.getByTestId('from-date') as HTMLInputElement).value).toBe('14/04/2026');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('opens on the month of the typed date, in English', async () => {
    render(<Harness onChange={() => {}} today="2026-03-10" />);
    fireEvent.change(screen.getByTestId('from-date'), { target: { value: '20/12/2025' } });
    fireEvent.click(screen.getByTestId('from-date-calendar'));
    const calendar = await screen.findByTestId('date-calendar');
    expect(within(calendar).getByTestId('date-calendar-month').textContent).toBe('December 2025');
    expect(within(calendar).getAllByRole('columnheader')[0]?.textContent).toBe('Mon');
  });
});
