import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';

/**
 * A picture for a spec file's uploads: `svg` drawn as a PNG named `name` into a temporary folder
 * before its tests, the folder removed after them. Answers the file's path; read it in a test.
 */
export function usePngFile(name: string, svg: string): () => string {
  let folder: string | undefined;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'tgs-e2e-'));
    await sharp(Buffer.from(svg)).png().toFile(path.join(folder, name));
  });
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    if (!folder) throw new Error('the picture is written in beforeAll');
    return path.join(folder, name);
  };
}
