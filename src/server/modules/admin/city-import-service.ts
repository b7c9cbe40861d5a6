import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Language } from '../../../common/languages';
import {
  CITY_IMPORT_BATCH,
  CITY_IMPORT_MAX_ERRORS,
  CITY_IMPORT_MAX_PREVIEW,
  type CityImportChange,
  type CityImportCommitInput,
  type CityImportDto,
  type CityImportStatus,
  type FreeTextCity,
} from '../../../common/schemas/admin-cities';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { AppError } from '../../errors';
import { t } from '../../i18n';
import { tags } from '../../lib/answer-cache/index';
import { foldForSearch } from '../reference/index';
import { writeAudit } from './audit';
import { CityIndex, describeChange } from './city-import-match';
import { lines, openContent, readLayout, readRow, type FileLayout, type ImportRow, type RowError } from './city-import-parse';
import * as repo from './city-import-repo';

/** GeoNames' data is CC BY 4.0: every import of it keeps the credit (the about page shows it too). */
export const GEONAMES_LICENCE = 'CC BY 4.0, GeoNames (geonames.org)';

/** States an import can still be discarded or stopped from. */
const OPEN: CityImportStatus[] = ['parsing', 'ready', 'importing'];

const notFound = () => new AppError(404, 'cityImportNotFound');

/** How often a running job says it is alive, and how long a silence means its process is gone. */
export const HEARTBEAT_MS = 10_000;
export const HEARTBEAT_STALE_MS = 60_000;

class Stopped extends Error {}

export interface UploadedFile {
  file: Readable;
  filename: string;
}

export interface CityImportDeps {
  db: Db;
  /** The clock the heartbeats are judged by (tests move it). */
  now?: () => Date;
  ctx: Pick<AppContext, 'config' | 'invalidation'>;
  /** The guest spots' cache key, whose list and details show a city a link attaches. */
  guestSpotsCacheKey: string;
}

/**
 * City imports: an upload is stored as a file, checked by its first line and answered at once;
 * the rest is read in the background into staged rows and a preview (what would be new, changed,
 * unchanged, and the rows in error). A commit writes the staged rows in batches, each batch one
 * transaction that first checks the import is still going, so a discard stops it after the
 * current batch. The states live in the database: every process answers the progress.
 */
export function createCityImportService(deps: CityImportDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const folder = path.join(deps.ctx.config.dataDir, 'city-imports');
  const jobs = new Set<Promise<void>>();
  let closing = false;

  /**
   * Runs an import's job in the background, refreshing its heartbeat while it runs: a process
   * that stops (a restart, a crash) leaves a heartbeat that goes stale, which is how every
   * process tells an interrupted import from one still running elsewhere.
   */
  const run = (id: number, job: () => Promise<void>) => {
    const beat = setInterval(() => {
      void repo.beat(db, id, now().toISOString()).catch(() => {});
    }, HEARTBEAT_MS);
    beat.unref();
    const running = job().finally(() => {
      clearInterval(beat);
      jobs.delete(running);
    });
    jobs.add(running);
  };

  /**
   * Marks every import left parsing or importing by a process that is gone (its heartbeat
   * stale) as failed, asking for the upload again, and drops its staged rows. One conditional
   * update does it, so of two processes doing this at once only one moves each import.
   */
  async function failInterrupted(): Promise<number[]> {
    const cutoff = new Date(now().getTime() - HEARTBEAT_STALE_MS).toISOString();
    const ids = await repo.failStale(db, cutoff, JSON.stringify([{ line: 0, code: 'cityImportInterrupted' }]), now().toISOString());
    for (const id of ids) await repo.dropStagedRows(db, id);
    return ids;
  }

  /** Stores the upload under a fresh name; `onTooLarge` answers a stream cut at the size limit. */
  async function store(upload: UploadedFile, onTooLarge: () => AppError): Promise<{ file: string; bytes: number }> {
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, `${randomUUID()}.upload`);
    let bytes = 0;
    upload.file.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    try {
      await pipeline(upload.file, createWriteStream(file));
      if ((upload.file as Readable & { truncated?: boolean }).truncated) throw onTooLarge();
    } catch (err) {
      await rm(file, { force: true });
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw onTooLarge();
      throw err;
    }
    return { file, bytes };
  }

  /** The file's layout from its first line; an empty file has no header either. */
  async function layoutOf(file: string): Promise<FileLayout> {
    for await (const { text } of lines(await openContent(file))) return readLayout(text);
    throw new AppError(400, 'cityImportHeader');
  }

  async function parseJob(id: number, file: string, layout: FileLayout): Promise<void> {
    try {
      const countries = new Set((await repo.countryIdsByCode(db)).keys());
      const index = new CityIndex(await repo.loadKnownCities(db));
      let read = 0;
      const size = (await stat(file)).size || 1;
      const content = await openContent(file, (n) => {
        read = n;
      });
      const counts = { total: 0, valid: 0, added: 0, updated: 0, same: 0, errors: 0 };
      const errors: RowError[] = [];
      const preview: CityImportChange[] = [];
      const pending: ImportRow[] = [];
      const state = () => ({
        progress: Math.min(99, Math.floor((read / size) * 100)),
        total_rows: counts.total,
        valid_rows: counts.valid,
        new_cities: counts.added,
        updated_cities: counts.updated,
        unchanged: counts.same,
        error_count: counts.errors,
        errors: JSON.stringify(errors),
        preview: JSON.stringify(preview),
      });
      const flush = async () => {
        if (closing) throw new Error('The server closed while a city file was read.');
        await db.transaction().execute(async (trx) => {
          if (!(await repo.updateImport(trx, id, state(), ['parsing']))) throw new Stopped();
          await repo.stageRows(trx, id, pending);
        });
        pending.length = 0;
      };
      const failRow = (error: RowError) => {
        counts.errors += 1;
        if (errors.length < CITY_IMPORT_MAX_ERRORS) errors.push(error);
      };
      for await (const { line, text } of lines(content)) {
        if (layout.source === 'csv' && line === 1) continue;
        const result = readRow(layout, line, text, countries);
        if ('skip' in result) continue;
        counts.total += 1;
        if ('error' in result) {
          failRow(result.error);
          continue;
        }
        const plan = index.plan(result.row);
        if (plan.action === 'duplicate') {
          failRow({ line, code: 'cityImportDuplicate', params: { line: plan.line } });
          continue;
        }
        counts.valid += 1;
        if (plan.action === 'new') counts.added += 1;
        else if (plan.action === 'update') counts.updated += 1;
        else counts.same += 1;
        const change = describeChange(result.row, plan);
        if (change && preview.length < CITY_IMPORT_MAX_PREVIEW) preview.push(change);
        pending.push(result.row);
        if (pending.length >= CITY_IMPORT_BATCH) await flush();
      }
      await flush();
      await repo.updateImport(db, id, { status: 'ready', progress: 100 }, ['parsing']);
    } catch (err) {
      await repo.dropStagedRows(db, id);
      if (!(err instanceof Stopped)) {
        const code = err instanceof AppError ? err.code : 'cityImportFailed';
        await repo.updateImport(db, id, { status: 'failed', errors: JSON.stringify([{ line: 0, code }]), error_count: 1 }, ['parsing']);
      }
    } finally {
      await rm(file, { force: true });
    }
  }

  async function commitJob(id: number, filters: CityImportCommitInput): Promise<void> {
    let wrote = false;
    try {
      const countries = await repo.countryIdsByCode(db);
      const index = new CityIndex(await repo.loadKnownCities(db));
      const record = await repo.findImport(db, id);
      const total = Math.max(1, record?.valid_rows ?? 1);
      const wanted = new Set(filters.countryCodes);
      const counts = { done: 0, added: 0, updated: 0, same: 0 };
      let after = 0;
      for (;;) {
        if (closing) throw new Error('The server closed during a city import.');
        const rows = await repo.stagedRows(db, id, after, CITY_IMPORT_BATCH);
        if (rows.length === 0) break;
        after = rows[rows.length - 1]?.line ?? after;
        const writes: repo.CityWrites = { inserts: [], updates: [], names: [] };
        for (const row of rows) {
          counts.done += 1;
          if ((row.population ?? 0) < filters.minPopulation || (wanted.size > 0 && !wanted.has(row.countryCode))) continue;
          const countryId = countries.get(row.countryCode);
          const plan = index.plan(row);
          if (countryId === undefined || plan.action === 'duplicate') continue;
          if (plan.action === 'new') {
            counts.added += 1;
            writes.inserts.push({ row, countryId });
          } else if (plan.action === 'update') {
            counts.updated += 1;
            if (Object.keys(plan.set).length) writes.updates.push({ id: plan.city.id, set: plan.set });
            for (const [language, name] of Object.entries(plan.names)) writes.names.push({ cityId: plan.city.id, language, name });
          } else counts.same += 1;
        }
        const going = await db.transaction().execute(async (trx) => {
          const patch = {
            progress: Math.min(99, Math.floor((counts.done / total) * 100)),
            new_cities: counts.added,
            updated_cities: counts.updated,
            unchanged: counts.same,
          };
          if (!(await repo.updateImport(trx, id, patch, ['importing']))) return false;
          await repo.writeCities(trx, writes);
          return true;
        });
        if (!going) return;
        if (writes.inserts.length || writes.updates.length || writes.names.length) wrote = true;
      }
      // Written before the links are looked for: a typed place may name a city just added.
      if (wrote) await deps.ctx.invalidation.invalidateEverywhere([tags.reference]);
      const linked = filters.linkFreeText ? await linkFreeText() : 0;
      await repo.updateImport(db, id, { status: 'done', progress: 100, linked }, ['importing']);
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'cityImportFailed';
      await repo.updateImport(db, id, { status: 'failed', errors: JSON.stringify([{ line: 0, code }]), error_count: 1 }, ['importing']);
    } finally {
      await repo.dropStagedRows(db, id);
      if (wrote) deps.ctx.invalidation.invalidate([tags.reference]);
    }
  }

  /** Attaches every typed place whose name is now a listed city of its country; answers how many. */
  async function linkFreeText(): Promise<number> {
    const index = new CityIndex(await repo.loadKnownCities(db));
    const byCity = new Map<number, { name: string; places: repo.FreeTextPlace[] }>();
    for (const place of await repo.freeTextPlaces(db, null)) {
      const city = place.countryCode ? index.named(place.countryCode, place.name) : undefined;
      if (!city) continue;
      const entry = byCity.get(city.id) ?? { name: city.name, places: [] };
      entry.places.push(place);
      byCity.set(city.id, entry);
    }
    if (byCity.size === 0) return 0;
    const linked = await db.transaction().execute(async (trx) => {
      let n = 0;
      for (const [cityId, { name, places }] of byCity) n += await repo.linkPlaces(trx, cityId, name, places);
      return n;
    });
    const places = [...byCity.values()].flatMap((e) => e.places);
    const cacheKey = deps.guestSpotsCacheKey;
    deps.ctx.invalidation.invalidate([
      tags.artists,
      tags.gallery,
      tags.featured,
      tags.listings(cacheKey),
      ...places.flatMap((p) => (p.kind === 'user' ? [tags.user(p.id), tags.profile(p.id)] : [tags.listing(cacheKey, p.id)])),
    ]);
    return linked;
  }

  function present(record: NonNullable<repo.CityImportRecord>, lang: Language): CityImportDto {
    const errors = JSON.parse(record.errors) as RowError[];
    return {
      id: record.id,
      status: record.status as CityImportStatus,
      filename: record.filename,
      source: record.source as CityImportDto['source'],
      licence: record.licence,
      progress: Number(record.progress),
      totalRows: Number(record.total_rows),
      validRows: Number(record.valid_rows),
      newCities: Number(record.new_cities),
      updatedCities: Number(record.updated_cities),
      unchanged: Number(record.unchanged),
      linked: Number(record.linked),
      errorCount: Number(record.error_count),
      errors: errors.map((e) => ({ line: e.line, code: e.code, message: t(lang, e.code, e.params) })),
      preview: JSON.parse(record.preview) as CityImportChange[],
      createdAt: record.created_at,
      updatedAt: record.updated_at,
    };
  }

  return {
    /**
     * Stores an upload, checks its first line (a wrong header or no text at all is refused here,
     * with nothing recorded), records the import with its audit entry and starts reading it.
     */
    async upload(adminId: number, upload: UploadedFile, onTooLarge: () => AppError): Promise<number> {
      const { file, bytes } = await store(upload, onTooLarge);
      try {
        const layout = await layoutOf(file);
        const now = new Date().toISOString();
        const id = await db.transaction().execute(async (trx) => {
          const created = await repo.createImport(trx, {
            admin_id: adminId,
            status: 'parsing',
            filename: upload.filename.slice(0, 200),
            source: layout.source,
            licence: layout.source === 'geonames' ? GEONAMES_LICENCE : null,
            created_at: now,
            updated_at: now,
            heartbeat_at: now,
          });
          await writeAudit(trx, {
            adminId,
            action: 'cityImport.upload',
            targetType: 'city_import',
            targetId: created,
            details: { after: { filename: upload.filename, source: layout.source, bytes } },
          });
          return created;
        });
        run(id, () => parseJob(id, file, layout));
        return id;
      } catch (err) {
        await rm(file, { force: true });
        throw err;
      }
    },

    async get(id: number, lang: Language): Promise<CityImportDto> {
      // An import stuck by a restart answers as failed as soon as anyone looks at it.
      let record = await repo.findImport(db, id);
      if (record && (record.status === 'parsing' || record.status === 'importing') && (await failInterrupted()).includes(id)) record = await repo.findImport(db, id);
      if (!record) throw notFound();
      return present(record, lang);
    },

    /** Starts writing a ready import's rows; a second commit, or one of an import not ready, is 409. */
    async commit(adminId: number, id: number, filters: CityImportCommitInput): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const record = await repo.findImport(trx, id);
        if (!record) throw notFound();
        const moved = await repo.updateImport(
          trx,
          id,
          { status: 'importing', progress: 0, new_cities: 0, updated_cities: 0, unchanged: 0, options: JSON.stringify(filters), heartbeat_at: now().toISOString() },
          ['ready'],
        );
        if (!moved) throw new AppError(409, 'cityImportNotReady');
        await writeAudit(trx, {
          adminId,
          action: 'cityImport.commit',
          targetType: 'city_import',
          targetId: id,
          details: { before: { status: 'ready' }, after: { status: 'importing', ...filters } },
        });
      });
      run(id, () => commitJob(id, filters));
    },

    /** Discards an import not yet committed, or stops a running one after its current batch. */
    async discard(adminId: number, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const record = await repo.findImport(trx, id);
        if (!record) throw notFound();
        if (!(await repo.updateImport(trx, id, { status: 'cancelled' }, OPEN))) throw new AppError(409, 'cityImportFinished');
        // A committing job drops the rows itself once its batch is done; a ready import's go now.
        if (record.status === 'ready') await repo.dropStagedRows(trx, id);
        await writeAudit(trx, {
          adminId,
          action: 'cityImport.discard',
          targetType: 'city_import',
          targetId: id,
          details: { before: { status: record.status }, after: { status: 'cancelled' } },
        });
      });
    },

    /** The typed city names profiles and guest spots use most, with the listed city each would be attached to. */
    async freeText(countryCode: string | undefined): Promise<FreeTextCity[]> {
      let countryId: number | null = null;
      if (countryCode) {
        const id = (await repo.countryIdsByCode(db)).get(countryCode);
        if (id === undefined) throw new AppError(404, 'cityImportCountryNotFound');
        countryId = id;
      }
      const index = new CityIndex(await repo.loadKnownCities(db));
      const groups = new Map<string, FreeTextCity>();
      for (const place of await repo.freeTextPlaces(db, countryId)) {
        const key = `${place.countryCode ?? ''}\u0000${foldForSearch(place.name)}`;
        const group = groups.get(key);
        if (group) group.uses += 1;
        else {
          const city = place.countryCode ? index.named(place.countryCode, place.name) : undefined;
          groups.set(key, { name: place.name, countryCode: place.countryCode, uses: 1, matchedCityId: city?.id ?? null });
        }
      }
      return [...groups.values()].sort((a, b) => b.uses - a.uses || a.name.localeCompare(b.name)).slice(0, FREE_TEXT_LIMIT);
    },

    failInterrupted,

    /** Stops the jobs at their next batch and waits for them (the app is closing). */
    async close(): Promise<void> {
      closing = true;
      await Promise.allSettled([...jobs]);
    },

    /** Resolves once no job is running (tests wait on it instead of polling). */
    async idle(): Promise<void> {
      while (jobs.size) await Promise.allSettled([...jobs]);
    },
  };
}

/** The most used typed names the admin sees. */
export const FREE_TEXT_LIMIT = 100;

export type CityImportService = ReturnType<typeof createCityImportService>;
