import { describe, expect, it } from 'vitest';
import { newestFirst, splitLinks, validateNews } from './news-text';

describe('splitLinks', () => {
  it('makes http(s) and www. addresses links and leaves the punctuation after them as text', () => {
    expect(splitLinks('Rota: https://example.com/rota?week=47. See also www.salon.it, thanks')).toEqual([
      { kind: 'text', text: 'Rota: ' },
      { kind: 'link', text: 'https://example.com/rota?week=47', href: 'https://example.com/rota?week=47' },
      { kind: 'text', text: '. See also ' },
      { kind: 'link', text: 'www.salon.it', href: 'https://www.salon.it' },
      { kind: 'text', text: ', thanks' },
    ]);
  });
  it('never turns markup or a javascript: address into anything but text', () => {
    const body = '<b>bold</b> <a href="javascript:alert(1)">x</a> javascript:alert(1)';
    expect(splitLinks(body)).toEqual([{ kind: 'text', text: body }]);
  });
  it('keeps plain text whole', () => {
    expect(splitLinks('No links here.\nSecond line')).toEqual([{ kind: 'text', text: 'No links here.\nSecond line' }]);
    expect(splitLinks('')).toEqual([]);
  });
});

describe('newestFirst and validateNews', () => {
  it('orders by publication time, newest first, then by id', () => {
    const items = [
      { newsId: 1, publishedAt: '2026-11-18T08:00:00.000Z' },
      { newsId: 3, publishedAt: '2026-11-20T08:00:00.000Z' },
      { newsId: 2, publishedAt: '2026-11-20T08:00:00.000Z' },
    ];
    expect(newestFirst(items).map((item) => item.newsId)).toEqual([3, 2, 1]);
  });
  it('needs a title and a body that are not blank, within the API limits', () => {
    expect(validateNews({ title: '  ', body: 'x' })).toEqual({ title: 'required' });
    expect(validateNews({ title: 'x'.repeat(201), body: ' ' })).toEqual({ title: 'tooLong', body: 'required' });
    expect(validateNews({ title: 'Closed on Monday', body: 'See you Tuesday.' })).toEqual({});
  });
});
