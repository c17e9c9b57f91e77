import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import NewsScreen from './news-screen';

vi.setConfig({ testTimeout: 30_000 });

const auth = vi.hoisted(() => ({ roles: ['ADMIN'] as string[] }));
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { userId: 2, salonId: 1 }, roles: auth.roles }) }));

const item = (newsId: number, title: string, body: string, publishedAt: string, extra: Record<string, unknown> = {}) => ({
  newsId,
  salonId: 1,
  salonName: 'Salone Uno',
  title,
  body,
  authorId: 2,
  authorName: 'Marta Bianchi',
  publishedAt,
  updatedAt: null,
  isRead: false,
  canEdit: true,
  ...extra,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderWith(handler: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={queryClientWithSalons()}>
      <MemoryRouter initialEntries={['/news']}>
        <NewsScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('NewsScreen', () => {
  it('lists news newest first, links clickable and markup shown as text, and marks them read', async () => {
    auth.roles = ['IMAGE'];
    const fetchMock = renderWith((url) => {
      if (url.includes('/MarkRead/')) return json({ unreadCount: 0 });
      return json({
        items: [
          item(1, 'Older', 'Plain', '2026-11-18T08:00:00.000Z', { isRead: true, canEdit: false }),
          item(2, 'Rota', '<b>bold</b> see https://example.com/rota.', '2026-11-20T08:00:00.000Z', {
            salonId: null,
            salonName: null,
            canEdit: false,
          }),
        ],
        total: 2,
        unreadCount: 1,
      });
    });
    const items = await screen.findAllByTestId('news-item');
    expect(items.map((node) => within(node).getByRole('heading').textContent)).toEqual(['Rota', 'Older']);
    const first = items[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'https://example.com/rota' }).getAttribute('href')).toBe('https://example.com/rota');
    expect(first.querySelector('b')).toBeNull();
    expect(first.textContent).toContain('<b>bold</b>');
    expect(within(first).getByText('Whole chain')).toBeTruthy();
    expect(within(first).getByText('New')).toBeTruthy();
    // Not a manager: no compose form, no edit or delete.
    expect(screen.queryByTestId('news-compose')).toBeNull();
    expect(screen.queryByRole('button', { name: /delete/i })).toBeNull();
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/MarkRead/'))).toBe(true));
  });

  it("shows 'Unable to get news' and, for a manager, 'Unable to add news' on the failures", async () => {
    auth.roles = ['ADMIN'];
    renderWith((_url, init) => {
      if (init?.method === 'POST') return json({ statusCode: 500, message: 'boom' }, 500);
      return json({ statusCode: 503, message: 'down' }, 503);
    });
    expect((await screen.findByTestId('news-error')).textContent).toContain('Unable to get news');
    const form = screen.getByTestId('news-compose');
    fireEvent.click(within(form).getByTestId('news-compose-submit'));
    expect(await within(form).findByText('Write a title.')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('news-title'), { target: { value: 'Closed Monday' } });
    fireEvent.change(within(form).getByTestId('news-body'), { target: { value: 'See you Tuesday.' } });
    fireEvent.click(within(form).getByTestId('news-compose-submit'));
    expect((await screen.findByTestId('news-compose-problem')).textContent).toBe('Unable to add news');
  });
});
