import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { uploadFormats } from '../shared/file-check.ts';

export { detectUpload, maxUploadBytes, type UploadCheck, type UploadKind, type UploadRejection } from '../shared/file-check.ts';

/**
 * Saves an accepted upload as `<dataDir>/uploads/<32 random hex>.<extension>`, readable by this
 * process's user only, and never over an existing file. `extension` must be one `detectUpload` returns.
 */
export async function storeUpload(dataDir: string, bytes: Uint8Array, extension: string): Promise<{ path: string; name: string }> {
  // The extension ends up in a file name: only the known ones, so no path or served type can be smuggled in.
  if (!Object.values(uploadFormats).some((format) => format.extension === extension)) {
    throw new Error(`storeUpload: not an upload extension: ${JSON.stringify(extension)}`);
  }
  const folder = join(dataDir, 'uploads');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  const path = join(folder, name);
  await writeFile(path, bytes, { flag: 'wx', mode: 0o600 });
  return { path, name };
}

