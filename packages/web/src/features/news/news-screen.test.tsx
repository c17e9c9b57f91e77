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
  it('reaches news older than the first page: Show more asks the next page by offset once the loaded ones are shown', async () => {
    auth.roles = ['IMAGE'];
    // 130 items, newest first: item n published n hours before 2026-11-20 12:00.
    const all = Array.from({ length: 130 }, (_, i) =>
      item(1000 - i, `News ${i + 1}`, 'Body', new Date(Date.parse('2026-11-20T12:00:00Z') - i * 3_600_000).toISOString(), { isRead: true }),
    );
    const fetchMock = renderWith((url) => {
      const query = new URL(url, 'http://x').searchParams;
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 100);
      return json({ items: all.slice(offset, offset + limit), total: all.length, unreadCount: 0 });
    });
    expect(await screen.findAllByTestId('news-item')).toHaveLength(20);
    expect(screen.getByTestId('news-more').textContent).toBe('Show more (110 older)');
    for (let shown = 20; shown < 100; shown += 20) fireEvent.click(screen.getByTestId('news-more'));
    expect(screen.getAllByTestId('news-item')).toHaveLength(100);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('offset='))).toHaveLength(1);
    fireEvent.click(screen.getByTestId('news-more'));
    expect(await screen.findByText('News 120')).toBeTruthy();
    expect(screen.queryByText('News 121')).toBeNull();
    expect(screen.getAllByTestId('news-item')).toHaveLength(120);
    const pages = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('offset='));
    expect(pages.map((url) => new URL(url, 'http://x').searchParams.get('offset'))).toEqual(['0', '100']);
    fireEvent.click(screen.getByTestId('news-more'));
    expect(screen.getAllByTestId('news-item')).toHaveLength(130);
    expect(screen.queryByTestId('news-more')).toBeNull();
  });

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
