import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isPhotoKey, LOCAL_PHOTOS_PATH, type PhotoStore } from './photo-store.ts';

/**
 * Photos as files in `${dataDir}/photos/`, served by the app itself at `/files/photos/{key}` (a path on
 * the app's own origin, like the demo's `/demo/dishes/...`). A file appears whole or not at all: it is
 * written beside its final name and renamed, so a reader never gets half a photo.
 */
export function createLocalPhotoStore(options: { dataDir: string }): PhotoStore {
  const dir = join(options.dataDir, 'photos');
  const fileOf = (key: string) => {
    // keys are checked by the route too; this store never builds a path from anything else
    if (!isPhotoKey(key)) throw new Error(`not a photo key: ${JSON.stringify(key)}`);
    return join(dir, key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      const url = `${LOCAL_PHOTOS_PATH}/${key}`;
      // content-addressed: a file under this key already holds these very bytes
      if (await exists(file)) return url;
      await mkdir(dir, { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return url;
    },
    async read(key) {
      if (!isPhotoKey(key)) return null;
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
