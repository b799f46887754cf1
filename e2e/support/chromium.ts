import fs from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/**
 * The system Chromium the end-to-end tests drive (playwright-core downloads no browser). Missing, it
 * fails the run with the way to install one: a skipped e2e suite would pass silently.
 */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (fs.existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
  }
  const found = CANDIDATES.find((candidate) => fs.existsSync(candidate));
  if (found) return found;
  throw new Error(
    'The end-to-end tests need Chromium and none was found.\n' +
      '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  macOS: install Google Chrome and set CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"\n' +
      '  Or point CHROMIUM_PATH at any Chromium-based browser.',
  );
}
