import i18next, { type BackendModule, type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_KEY = 'language';

type LocaleModule = { default: Record<string, unknown> };

/** Namespaces the shell needs before anything renders; they ship in the initial bundle. */
const EAGER_NAMESPACES = ['common', 'shell', 'auth', 'navigation', 'messages', 'components'] as const;

// Every feature adds its own namespace as src/locales/<lang>/<namespace>.json; nothing to register.
// The shell's namespaces are bundled; every other one (a report's) loads with its screen.
const eagerFiles = import.meta.glob<LocaleModule>('../locales/*/{common,shell,auth,navigation,messages,components}.json', { eager: true });
const lazyFiles = import.meta.glob<LocaleModule>('../locales/*/*.json');

/** Builds i18next resources from `../locales/<lang>/<ns>.json` module paths. */
function resourcesFrom(modules: Record<string, LocaleModule>): Resource {
  const resources: Resource = {};
  for (const [path, module] of Object.entries(modules)) {
    const match = /locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] ??= {};
    resources[language][namespace] = module.default;
  }
  return resources;
}

/** An i18next backend that imports `../locales/<lang>/<ns>.json` on first use. */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazyFiles[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default as ResourceKey),
      (error: Error) => callback(error, false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function getStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

const resources = resourcesFrom(eagerFiles);

void i18next
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: getStoredLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...EAGER_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

function applyDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyDocumentLanguage(i18next.language);
i18next.on('languageChanged', applyDocumentLanguage);

/** Switches the interface language and remembers the choice on this device. */
export async function setLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

/**
 * Translates a fixed message (the English text is the key of the `messages` namespace,
 * kept word for word); an unknown message is shown as it came.
 */
export function translateMessage(message: string): string {
  return i18next.t(message, { ns: 'messages', keySeparator: false, nsSeparator: false, defaultValue: message });
}

export { i18next as i18n };
