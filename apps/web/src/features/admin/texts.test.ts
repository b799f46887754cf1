import { describe, expect, it } from 'vitest';
import { adminIoTexts } from './io/texts.ts';
import { adminTexts } from './texts.ts';

/** Every string the back office shows, functions called with sample arguments, with where it sits. */
function shownTexts(value: unknown, path: string): Array<[path: string, text: string]> {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    // Sample arguments: numbers, or a list where a text joins one.
    const call = (...args: unknown[]) => {
      try {
        return (value as (...a: unknown[]) => unknown)(...args);
      } catch {
        return undefined;
      }
    };
    return shownTexts(call(1, 2, 3, 4, 5) ?? call(['甲', '乙'], ['甲', '乙']), `${path}()`);
  }
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => shownTexts(inner, `${path}.${key}`));
  return [];
}

/** Names a company admin knows as they are: the spreadsheet program, its file type, WeCom's word for a robot's address. */
const KNOWN_NAMES = /Excel|\.xlsx|Webhook/g;

describe('the back office texts', () => {
  // Issue 39: hints named YAML, Markdown, docs/… files and npm commands, which a company admin cannot act on.
  it('show no English word, file path or command', () => {
    const latin = [...shownTexts(adminTexts, 'adminTexts'), ...shownTexts(adminIoTexts, 'adminIoTexts')].filter(
      ([, text]) => /[A-Za-z]{2,}/.test(text.replace(KNOWN_NAMES, '')),
    );
    expect(latin).toEqual([]);
  });
});
