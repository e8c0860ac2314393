import { closeSync, existsSync, mkdirSync, openSync, realpathSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, join, parse, relative, resolve } from 'node:path';
import type { IpcResult } from '../../../shared/ipc';
import type { ExportFile } from '../../../shared/manager/types';
import { ok, refusal } from '../../../shared/refusals';
import { recordAct } from '../audit';

/**
 * Where an export goes (docs/counter.md §10, "Exports"): the shell asks the manager, as every
 * desktop app does, and the file is written there as it is made, never held whole.
 */

/** A place to save an export: a full path; in the browser shell also the one-time address the page downloads it from. */
export interface ExportPlace {
  path: string;
  download?: string;
}

/**
 * The shell's port: asks where to save a file, its name suggested (Electron: the save dialog,
 * electron/main.ts; the browser shell: a file in `exportsFolder`, the counter's, that it then
 * serves once). Null: the manager cancelled.
 */
export type ChooseExportFile = (file: Pick<ExportFile, 'fileName' | 'mimeType'>, exportsFolder: string) => Promise<ExportPlace | null>;

/** The counter's exports folder in its data folder. */
export const exportsFolder = (dataDir: string) => join(dataDir, 'exports');

/**
 * `fileName` in `dir`, or the first of "name (2).ext", "name (3).ext", … that is free, as a
 * downloads folder does; taken at once (its NAME.part made), so two exports never share one.
 */
export function freeName(dir: string, fileName: string): string {
  const { name, ext } = parse(fileName);
  mkdirSync(dir, { recursive: true });
  for (let n = 1; ; n++) {
    const path = join(dir, n === 1 ? fileName : `${name} (${n})${ext}`);
    if (existsSync(path)) continue;
    try {
      closeSync(openSync(`${path}.part`, 'wx'));
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** Where a counter without a shell that asks saves its exports (tests, benchmarks): its exports folder. */
export const inExportsFolder: ChooseExportFile = async ({ fileName }, folder) => ({ path: freeName(folder, fileName) });

const real = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
};
const inside = (folder: string, path: string) => {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * The path an export is saved under, or null when it may not be: a relative path, or one in
 * the counter's data folder outside its exports folder (the database, its settings and keys
 * must never be overwritten by a file a manager named). A name without the file's extension
 * gets it (a save dialog may answer the name as typed).
 */
export function savePath(chosen: string, fileName: string, dataDir: string): string | null {
  if (!isAbsolute(chosen)) return null;
  const folder = real(dirname(chosen));
  if (inside(real(dataDir), folder) && !inside(real(exportsFolder(dataDir)), folder)) return null;
  const path = join(folder, parse(chosen).base);
  return extname(path).toLowerCase() === extname(fileName).toLowerCase() ? path : `${path}${extname(fileName)}`;
}

const reasonOf = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? (error instanceof Error ? error.message : String(error));
};

/**
 * Writes an export to NAME.part and gives it its name only when it is whole, after its audit
 * row: a failure removes the part; a kill leaves at most NAME.part, never a partial file
 * under the name (docs/counter.md §10, "Exports").
 */
export async function saveExport(
  place: ExportPlace,
  file: Omit<ExportFile, 'bytes' | 'path' | 'download'>,
  dataDir: string,
  write: (part: string) => Promise<number>,
): Promise<IpcResult<ExportFile>> {
  const path = savePath(place.path, file.fileName, dataDir);
  if (path === null) return refusal('invalid', 'export.refusedPlace');
  const part = `${path}.part`;
  try {
    const bytes = await write(part);
    const answer: ExportFile = place.download
      ? { ...file, bytes, path: null, download: place.download }
      : { ...file, fileName: basename(path), bytes, path, download: null };
    // The trail has the export before the file has its name: no export reaches anyone unaudited.
    recordAct(answer);
    await rename(part, path);
    return ok(answer);
  } catch (error) {
    await rm(part, { force: true });
    return refusal('internal', 'export.notSaved', { reason: reasonOf(error) });
  }
}
