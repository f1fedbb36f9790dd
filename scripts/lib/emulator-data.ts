import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Exports and imports the data of one project of a running Firestore emulator through its own
 * REST endpoints (POST /emulator/v1/projects/{id}:export and :import), the same format as a
 * `gcloud firestore export`. Used by `npm run backup` / `npm run restore` (the restore drill) and by
 * `npm start -- --keep-data`.
 */
export interface EmulatorTarget {
  /** host:port of the emulator (FIRESTORE_EMULATOR_HOST). */
  host: string;
  projectId: string;
}

/** The export's name inside a backup folder: `<dir>/firestore/firestore.overall_export_metadata`. */
const EXPORT_NAME = 'firestore';

/** The emulator and project of the environment; refuses anything but a local demo- project. */
export function emulatorTarget(env: NodeJS.ProcessEnv = process.env): EmulatorTarget {
  const host = env.FIRESTORE_EMULATOR_HOST;
  if (!host) {
    throw new Error(
      'FIRESTORE_EMULATOR_HOST is not set: point it at a running Firestore emulator (npm start runs one on 127.0.0.1:8080). Production backups are gcloud commands: see deploy/backups.sh.',
    );
  }
  const projectId = env.FIREBASE_PROJECT_ID || env.GCLOUD_PROJECT || 'demo-site';
  if (!projectId.startsWith('demo-')) {
    throw new Error(
      `FIREBASE_PROJECT_ID '${projectId}' is not a demo- project: this only backs up the local emulator.`,
    );
  }
  return { host, projectId };
}

async function call(target: EmulatorTarget, method: string, url: string, body?: object): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`http://${target.host}${url}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(120_000),
    });
  } catch (error) {
    throw new Error(
      `No Firestore emulator answers at ${target.host} (${(error as Error).message}): start one (npm start) or correct FIRESTORE_EMULATOR_HOST.`,
    );
  }
  if (!response.ok)
    throw new Error(`The emulator refused ${method} ${url}: ${response.status} ${await response.text()}`);
}

const database = (target: EmulatorTarget) => `projects/${target.projectId}/databases/(default)`;

/** Writes the project's documents to `dir` (replacing an earlier backup there); returns the metadata file. */
export async function exportFirestore(target: EmulatorTarget, dir: string): Promise<string> {
  const folder = path.resolve(dir);
  mkdirSync(folder, { recursive: true });
  rmSync(path.join(folder, EXPORT_NAME), { recursive: true, force: true });
  await call(target, 'POST', `/emulator/v1/projects/${target.projectId}:export`, {
    database: database(target),
    // The emulator writes these paths itself, so they must be absolute.
    export_directory: folder,
    export_name: EXPORT_NAME,
  });
  return path.join(folder, EXPORT_NAME, `${EXPORT_NAME}.overall_export_metadata`);
}

/** The export's metadata file in `dir` (a backup folder, an export in it, or the file itself), or null. */
export function findExport(dir: string): string | null {
  const start = path.resolve(dir);
  if (!existsSync(start)) return null;
  if (statSync(start).isFile()) return start.endsWith('.overall_export_metadata') ? start : null;
  const candidates = [start, ...readdirSync(start).map((name) => path.join(start, name))].filter((entry) =>
    statSync(entry).isDirectory(),
  );
  for (const folder of candidates) {
    const file = readdirSync(folder).find((name) => name.endsWith('.overall_export_metadata'));
    if (file) return path.join(folder, file);
  }
  return null;
}

/**
 * Loads a backup into the project: by default its current documents are deleted first, so the
 * project holds exactly what was backed up.
 */
export async function importFirestore(target: EmulatorTarget, dir: string, { wipe = true } = {}): Promise<string> {
  const metadata = findExport(dir);
  if (!metadata) throw new Error(`No Firestore export in ${path.resolve(dir)} (npm run backup -- <dir> writes one).`);
  if (wipe) await wipeFirestore(target);
  await call(target, 'POST', `/emulator/v1/projects/${target.projectId}:import`, {
    database: database(target),
    // Despite its name, the import wants the export's metadata file.
    export_directory: metadata,
  });
  return metadata;
}

/** Deletes every document of the project in the emulator. */
export function wipeFirestore(target: EmulatorTarget): Promise<void> {
  return call(target, 'DELETE', `/emulator/v1/${database(target)}/documents`);
}
