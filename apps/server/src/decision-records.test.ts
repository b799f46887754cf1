import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const decisionsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/decisions');

// Issue 45: a newcomer reads a decision knowing whether it still holds. Each record's second paragraph says so.
describe('decision records', () => {
  const files = fs.readdirSync(decisionsDir).filter((file) => file.endsWith('.md'));

  it.each(files)('%s carries its status and date under the title', (file) => {
    const [title, blank, status] = fs.readFileSync(path.join(decisionsDir, file), 'utf8').split('\n');
    expect(title).toMatch(/^# \d{3}\b/);
    expect(blank).toBe('');
    expect(status).toMatch(/^Status: (accepted|superseded|proposed)\b.* · \d{4}-\d{2}-\d{2}$/);
  });

  it('numbers each record once', () => {
    const numbers = files.map((file) => file.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
