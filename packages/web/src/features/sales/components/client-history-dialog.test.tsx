import '../../../lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { ClientHistoryDialog } from './client-history-dialog';

// MUI renders slowly in happy-dom on a machine shared with other suites (as in the other screen tests).
vi.setConfig({ testTimeout: 30_000 });
const SLOW = { timeout: 10_000 };

const history = (kind: 'services' | 'products') => ({
  appointmentId: 41,
  appointmentDay: '2026-03-10',
  clientId: 5,
  clientName: 'Ada Rossi',
  onlyWithAppointment: false,
  rows:
    kind === 'services'
      ? [
          {
            saleLineId: 1,
            appointmentId: 41,
            day: '2026-03-10',
            itemId: 3,
            itemName: 'Colour',
            category: 'COLOUR',
            staffId: 2,
            staffName: 'Noemi Greco',
            quantity: 1,
            listAmount: 60,
            paidAmount: 54,
            discount: 6,
            recommended: false,
          },
        ]
      : [],
  totals: {
    lines: kind === 'services' ? 1 : 0,
    quantity: kind === 'services' ? 1 : 0,
    listAmount: 60,
    paidAmount: 54,
    discount: 6,
    visits: 1,
  },
});

function renderDialog() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ClientHistoryDialog client={{ name: 'Ada Rossi', appointmentId: 41 }} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('ClientHistoryDialog', () => {
  it("asks for the client's whole history (onlyWithAppointment=false) and lists the services, then the products", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify(history(url.includes('ClientHistoryServices') ? 'services' : 'products')), { status: 200 });
      }),
    );
    renderDialog();
    expect(await screen.findByText('Noemi Greco', undefined, SLOW)).toBeTruthy();
    expect(urls[0]).toMatch(/^\/api\/ClientHistoryServices\/Appointment\/[^?]*\?appointmentId=41&onlyWithAppointment=false$/);
    expect(screen.getByTestId('history-totals').textContent).toBe('1 visit days, 1 units, €54.00 paid');
    fireEvent.click(screen.getByRole('tab', { name: 'Products' }));
    expect((await screen.findByTestId('history-empty', undefined, SLOW)).textContent).toBe("No products in this client's history.");
    expect(urls[1]).toMatch(/^\/api\/ClientHistoryProducts\/Appointment\//);
  });

  it('shows the fixed history messages word for word on a failure, translated in Italian', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    renderDialog();
    expect((await screen.findByTestId('history-error', undefined, SLOW)).textContent).toBe('Unable to fetch client service history list');
    fireEvent.click(screen.getByRole('tab', { name: 'Products' }));
    await waitFor(() => expect(screen.getByTestId('history-error').textContent).toBe('Unable to fetch client product histoy list'));
    await i18n.changeLanguage('it');
    await waitFor(() =>
      expect(screen.getByTestId('history-error').textContent).toBe('Impossibile ottenere lo storico dei prodotti del cliente'),
    );
  });
});
