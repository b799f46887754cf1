/**
 * A message table written once, each key with its Chinese text (the UI language) beside the spec's English:
 * `zh` answers the Chinese texts, `en` the English ones, under the same keys.
 */
export function bilingual<const T extends Record<string, readonly [zh: string, en: string]>>(texts: T) {
  const side = (i: 0 | 1) => Object.fromEntries(Object.entries(texts).map(([key, pair]) => [key, pair[i]]));
  return {
    // Object.fromEntries loses the keys; they are the table's own.
    zh: side(0) as { readonly [K in keyof T]: T[K][0] },
    en: side(1) as Record<keyof T, string>,
  };
}
