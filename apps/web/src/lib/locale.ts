import { readItem, STORAGE_KEYS } from './storage.ts';

export type Locale = 'zh-CN' | 'en-US';

/** zh-CN unless the person chose English (localStorage['crm-locale'] === 'en-US'). */
export function getLocale(): Locale {
  return readItem(STORAGE_KEYS.locale) === 'en-US' ? 'en-US' : 'zh-CN';
}

/**
 * Picks a feature's texts for the current locale. English covers only what the spec quotes in English, so
 * the Chinese text stands in for every key the English object lacks.
 */
export function pickTexts<T extends Record<string, unknown>>(
  zhCN: T,
  enUS: Partial<T>,
  locale: Locale = getLocale(),
): T {
  return locale === 'en-US' ? { ...zhCN, ...enUS } : zhCN;
}
