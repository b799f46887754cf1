import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Dark mode and 长辈版 (issue 49, decision 075) restyle every page through variables only (index.css): a colour or a
 * small font size written as a literal in a feature's CSS would stay light, or small, in them. The visitor pages
 * (src/activity, their own entry without antd-mobile) are outside.
 */
const SRC = join(import.meta.dirname, '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(SRC, 'activity') ? [] : cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Literal colours kept on purpose, each with why, as `file: declaration`. */
const KEPT_COLOURS = new Set([
  // A QR code and the signature pad are black on white paper in either theme (scanners, the black pen).
  'components/link-qr.css: background: #fff',
  'features/esign/esign.css: background: #fff',
  // 长辈版's switch knob, white on the track in either theme, as antd-mobile's Switch draws it.
  'features/home/pages/home-page.css: background: #fff',
  // The toast and the image viewer: white on a near-black veil in either theme.
  'index.css: color: #fff',
  'index.css: border-top-color: #fff',
  'features/money/components/money.css: color: #fff',
  // The back office's side bar is dark navy with light text in either theme.
  'features/admin/admin.css: background: #1f2d3d',
  'features/admin/admin.css: color: #fff',
  'features/admin/admin.css: color: #b8c2cc',
  'features/admin/admin.css: color: #d7dde4',
  'features/admin/admin.css: background: #2f4155',
]);

const declarations = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(/[;{}]/)
    .map((part) => part.trim())
    .filter((part) => /^[a-z-]+\s*:/.test(part) && !part.startsWith('--'));

describe("the app's own CSS", () => {
  const files = cssFiles(SRC);

  it('writes no font size under 18px as a literal (长辈版 raises --adm-font-size-N)', () => {
    const small = files.flatMap((file) =>
      declarations(file)
        .filter((declaration) => /^font(-size)?\s*:.*\b(\d+(\.\d+)?)px/.test(declaration))
        .filter((declaration) => Number(/(\d+(?:\.\d+)?)px/.exec(declaration)?.[1]) < 18)
        .map((declaration) => `${relative(SRC, file)}: ${declaration}`),
    );
    expect(small).toEqual([]);
  });

  it('writes no colour as a literal outside the theme variables, but those kept on purpose', () => {
    const literal = files.flatMap((file) =>
      declarations(file)
        .filter((declaration) =>
          /#[0-9a-f]{3,8}\b|\b(white|black)\b/i.test(
            declaration.slice(declaration.indexOf(':') + 1).replace(/var\([^)]*\)/g, ''),
          ),
        )
        .map((declaration) => `${relative(SRC, file)}: ${declaration}`)
        .filter((line) => !KEPT_COLOURS.has(line)),
    );
    expect(literal).toEqual([]);
  });
});
