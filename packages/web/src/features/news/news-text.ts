/** A piece of a news body: plain text, or a link the screen makes clickable. */
export type NewsSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) addresses and bare www. ones; a trailing full stop, comma, bracket or quote is punctuation, not address.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * Splits plain text into text and links. News is never HTML: the pieces are rendered as React
 * text and anchors, so markup in a body shows as the characters typed. Only http(s) links are
 * made (a `javascript:` address stays text).
 */
export function splitLinks(text: string): NewsSegment[] {
  const segments: NewsSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const address = raw.replace(TRAILING, '');
    if (!address || /^www\.?$/i.test(address)) continue;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'link', text: address, href: /^https?:\/\//i.test(address) ? address : `https://${address}` });
    last = start + address.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** The news the list shows first: newest publication first, then the higher id (as the API orders them). */
export function newestFirst<T extends { publishedAt: string; newsId: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.newsId - a.newsId);
}

/** The compose form, checked as the API checks it (title 1-200, body 1-10000, neither blank). */
export function validateNews(values: { title: string; body: string }): { title?: 'required' | 'tooLong'; body?: 'required' | 'tooLong' } {
  const errors: { title?: 'required' | 'tooLong'; body?: 'required' | 'tooLong' } = {};
  if (!values.title.trim()) errors.title = 'required';
  else if (values.title.trim().length > 200) errors.title = 'tooLong';
  if (!values.body.trim()) errors.body = 'required';
  else if (values.body.trim().length > 10000) errors.body = 'tooLong';
  return errors;
}

/** A publication instant as a short date and time in the interface language (the device's zone). */
export function formatPublished(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language.startsWith('it') ? 'it-IT' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
