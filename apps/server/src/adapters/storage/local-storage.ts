import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type FileStorage } from './storage.ts';

/**
 * Files in a folder (DATA_DIR/files by default). Never served as static files: only the image route,
 * after checking the record, reads them. Writes go to a temporary name first and are renamed into
 * place, so a crash mid-write leaves no half file under a real key.
 */
export function createLocalStorage(root: string): FileStorage {
  const fullPath = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = fullPath(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temporary, body, { flag: 'wx' });
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(fullPath(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await fs.access(fullPath(key));
        return true;
      } catch {
        return false;
      }
    },
    async delete(key) {
      await fs.rm(fullPath(key), { force: true });
    },
  };
}
