import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const MANIFEST_FILE = 'manifest.json';
const FORMAT = 'tgs-backup/1';

// Relative, slash-separated, no empty, `.` or `..` segment: a manifest can name nothing outside its folder.
const relativePath = z
  .string()
  .min(1)
  .max(1024)
  .refine((p) => !p.startsWith('/') && p.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && !s.includes('\\')), 'not a plain relative path');

const fileEntry = z.object({ path: relativePath, size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
export type FileEntry = z.infer<typeof fileEntry>;

const migration = z.object({ latest: z.string().nullable(), count: z.number().int().min(0) });

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  createdAt: z.iso.datetime(),
  engine: z.enum(['sqlite', 'postgres']),
  migration,
  postgres: z
    .object({
      schema: z.string().min(1),
      serverVersion: z.string(),
      dumpVersion: z.string(),
      extensions: z.array(z.object({ name: z.string().min(1), schema: z.string().min(1) })),
    })
    .optional(),
  /** The database file (`database.sqlite` or `database.dump`). */
  database: relativePath,
  files: z.array(fileEntry),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestDraft = Omit<Manifest, 'format' | 'files'>;

export class BackupError extends Error {}

/** The sha256 and size of a file, read as a stream so a large database dump is never held whole. */
export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    size += chunk.length;
    hash.update(chunk);
  }
  return { size, sha256: hash.digest('hex') };
}

export function hashBytes(data: Buffer): { size: number; sha256: string } {
  return { size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
}

/** Written last: a backup folder without its manifest is one that did not finish. */
export async function writeManifest(dir: string, draft: ManifestDraft, files: FileEntry[]): Promise<Manifest> {
  const manifest: Manifest = { format: FORMAT, ...draft, files: [...files].sort((a, b) => a.path.localeCompare(b.path)) };
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/**
 * Reads the manifest and checks every file it names against its size and sha256 before
 * anything is restored; one line per problem.
 */
export async function readVerifiedManifest(dir: string): Promise<Manifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8'));
  } catch (err) {
    throw new BackupError(`${path.join(dir, MANIFEST_FILE)} cannot be read (${(err as Error).message}): not a finished backup.`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    throw new BackupError(`${MANIFEST_FILE} is not a backup manifest this version reads: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const manifest = parsed.data;
  if (!manifest.files.some((f) => f.path === manifest.database)) throw new BackupError(`${MANIFEST_FILE} does not list the database file ${manifest.database}.`);
  if ((manifest.engine === 'postgres') !== !!manifest.postgres) throw new BackupError(`${MANIFEST_FILE}: engine ${manifest.engine} does not match its database details.`);
  const problems: string[] = [];
  for (const entry of manifest.files) {
    const file = path.join(dir, ...entry.path.split('/'));
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      problems.push(`${entry.path}: missing`);
      continue;
    }
    if (info.size !== entry.size) {
      problems.push(`${entry.path}: ${info.size} bytes, the manifest says ${entry.size}`);
      continue;
    }
    if ((await hashFile(file)).sha256 !== entry.sha256) problems.push(`${entry.path}: sha256 differs from the manifest`);
  }
  if (problems.length) {
    const shown = problems.slice(0, 20).map((p) => `  ${p}`);
    if (problems.length > shown.length) shown.push(`  ... and ${problems.length - shown.length} more`);
    throw new BackupError(`The backup in ${dir} fails its manifest check; nothing was restored:\n${shown.join('\n')}`);
  }
  return manifest;
}
