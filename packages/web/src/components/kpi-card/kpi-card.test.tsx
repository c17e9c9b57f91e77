import '../../lib/i18n';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KpiCard } from './kpi-card';

// MUI renders slowly in happy-dom on a machine shared with other suites.
vi.setConfig({ testTimeout: 30_000 });

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

const normal = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('KpiCard', () => {
  it('shows the label and the value formatted as money', () => {
    render(<KpiCard label="Revenue" value={1234.5} format="money" definition="Paid amount of the lines." />);
    expect(screen.getByRole('heading', { name: /Revenue/ })).toBeTruthy();
    expect(normal(screen.getByTestId('kpi-value').textContent)).toBe('€1,234.50');
  });

  it('formats in Italian when the interface is Italian', async () => {
    await act(() => i18next.changeLanguage('it'));
    render(<KpiCard label="Fatturato" value={1234.5} format="money" definition="Importo pagato." />);
    expect(normal(screen.getByTestId('kpi-value').textContent)).toBe('1.234,50 €');
    expect(screen.getByRole('button', { name: 'Definizione di Fatturato' })).toBeTruthy();
  });

  it('formats percentages and numbers', () => {
    render(
      <>
        <KpiCard label="Share" value={42.5} format="percent" definition="d" />
        <KpiCard label="Visits" value={1200} format="integer" definition="d" />
      </>,
    );
    const values = screen.getAllByTestId('kpi-value').map((v) => normal(v.textContent));
    expect(values).toEqual(['42.5%', '1,200']);
  });

  it('has an info button with an accessible name that shows the definition as a tooltip', async () => {
    render(<KpiCard label="Average ticket" value={39.25} format="money" definition="Revenue divided by completed appointments." />);
    const info = screen.getByRole('button', { name: 'Definition of Average ticket' });
    await act(async () => {
      fireEvent.focus(info);
      fireEvent.mouseOver(info);
      await new Promise((resolve) => setTimeout(resolve, 150));
    });
    expect((await screen.findByRole('tooltip')).textContent).toBe('Revenue divided by completed appointments.');
  });

  it('shows a placeholder while loading', () => {
    render(<KpiCard label="Revenue" value={undefined} format="money" definition="d" />);
    expect(screen.getByTestId('kpi-value').textContent).toBe('');
  });
});
