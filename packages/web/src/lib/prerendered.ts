// The static copy of a guest page (src/prerender/guest-pages.tsx) is painted before the app
// starts; the app replaces it on its first render and keeps what the user already did in it.

/** Marks the top element of the static copy. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** The <style> element holding the static copy's rules. */
export const PRERENDERED_STYLE_ID = 'prerendered-css';
/** The <template> holding the copy in another language: prefix + language code. */
export const PRERENDERED_TEMPLATE_PREFIX = 'prerendered-';

interface PrerenderedForm {
  values: Record<string, string>;
  /** The name of the field that had the focus, if any. */
  focused: string | null;
  /** The user submitted the form before the app started. */
  submitted: boolean;
}

/** What the user typed into the static sign-in form while the app was loading, or null when there is none. */
export function readPrerenderedForm(): PrerenderedForm | null {
  if (typeof document === 'undefined') return null;
  const form = document.querySelector<HTMLFormElement>(`[${PRERENDERED_ATTRIBUTE}] form`);
  if (!form) return null;
  const values: Record<string, string> = {};
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name]')) values[input.name] = input.value;
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && form.contains(active) ? active.name : null;
  return { values, focused, submitted: form.hasAttribute('data-submitted') };
}

/** The user clicked the static copy's language button before the app started: the app opens the menu. */
export function prerenderedMenuRequested(): boolean {
  if (typeof document === 'undefined') return false;
  return document.querySelector(`[${PRERENDERED_ATTRIBUTE}] [aria-haspopup="menu"][data-requested]`) !== null;
}

/** Removes the static copy's rules once the app has drawn its own. */
export function dropPrerenderedStyles(): void {
  if (typeof document !== 'undefined') document.getElementById(PRERENDERED_STYLE_ID)?.remove();
}
