import fs from 'node:fs';
import path from 'node:path';

/*
 * How FAQ authors write entries (decision 053): one Markdown file per entry in a folder, with a front
 * matter of `title`, `type`, `category` and optional `keywords`; images beside the file, referenced as
 * `![说明](name.png)`. The import (faq-import.ts, the seed) stores the images and rewrites the references to
 * `faq-image:ID`. The file's name is the entry's key: importing the folder again updates each entry.
 */

export interface AuthoredImage {
  name: string;
  contentType: string;
  data: Buffer;
}

export interface AuthoredEntry {
  key: string;
  type: string;
  category: string;
  title: string;
  keywords: string;
  /** Markdown; images as `![alt](name)` naming one of `images`. */
  body: string;
  images?: AuthoredImage[];
}

const IMAGE_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/** Reads one Markdown file's front matter and body; a sentence saying what is missing otherwise. */
export function parseAuthoredMarkdown(key: string, text: string): AuthoredEntry | string {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) return `${key}: 缺少开头的 --- 属性块（title、type、category）`;
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) fields.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  const missing = ['title', 'type', 'category'].filter((name) => !fields.get(name));
  if (missing.length > 0) return `${key}: 缺少 ${missing.join('、')}`;
  const body = (match[2] ?? '').trim();
  if (body === '') return `${key}: 正文为空`;
  return {
    key,
    title: fields.get('title') ?? '',
    type: fields.get('type') ?? '',
    category: fields.get('category') ?? '',
    keywords: fields.get('keywords') ?? '',
    body,
  };
}

/** Every `*.md` of a folder with the images its body names; the problems found, file by file. */
export function readAuthoredFolder(folder: string): { entries: AuthoredEntry[]; problems: string[] } {
  const entries: AuthoredEntry[] = [];
  const problems: string[] = [];
  for (const file of fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .sort()) {
    const parsed = parseAuthoredMarkdown(path.basename(file, '.md'), fs.readFileSync(path.join(folder, file), 'utf8'));
    if (typeof parsed === 'string') {
      problems.push(parsed);
      continue;
    }
    const images: AuthoredImage[] = [];
    for (const [, name] of parsed.body.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const contentType = IMAGE_TYPES[path.extname(name ?? '').toLowerCase()];
      const full = path.join(folder, name ?? '');
      if (!name || !contentType || !fs.existsSync(full))
        problems.push(`${file}: 图片 ${name ?? ''} 不存在或不是 png/jpg`);
      else images.push({ name, contentType, data: fs.readFileSync(full) });
    }
    entries.push({ ...parsed, images });
  }
  return { entries, problems };
}
