import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertStorageKey, type PhotoStorage } from './types';

/**
 * Photos as files under one folder (DATA_DIR/photos by default): the embedded default, with
 * nothing to set up. One machine only: instances on several machines need S3 (README).
 */
export function diskStorage(dir: string): PhotoStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(dir, ...key.split('/'));
  };
  return {
    kind: 'disk',
    async put(key, from) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Written beside its place and renamed into it: a reader never sees half a file.
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        await fs.promises.copyFile(from, partial);
        await fs.promises.rename(partial, target);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = pathOf(key);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      // The size and the stream come from one open file: a delete in between cannot split them.
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), bytes: size };
    },
    async delete(key) {
      const file = pathOf(key);
      await fs.promises.rm(file, { force: true });
      // A photo's folder goes with its last file; a folder still in use stays.
      await fs.promises.rmdir(path.dirname(file)).catch(() => {});
    },
  };
}
