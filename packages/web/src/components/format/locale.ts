/** The Intl locale of an interface language: Italian, or British English (day before month, as Italians read dates too). */
export function localeOf(language: string): string {
  return language.startsWith('it') ? 'it-IT' : 'en-GB';
}
