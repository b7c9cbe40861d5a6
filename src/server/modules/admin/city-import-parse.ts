import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { CITY_IMPORT_NAME_LANGUAGES } from '../../../common/schemas/admin-cities';
import { hasControlCharacters } from '../../../common/text';
import { AppError } from '../../errors';

/** A valid row of an import file, as staged for the commit. */
export interface ImportRow {
  line: number;
  countryCode: string;
  name: string;
  latitude: number;
  longitude: number;
  population: number | null;
  geonameId: number | null;
  /** Names per interface language the file gave (CSV only). */
  names: Partial<Record<(typeof CITY_IMPORT_NAME_LANGUAGES)[number], string>>;
}

/** A row the file got wrong: its line and the serverErrors key saying why. */
export interface RowError {
  line: number;
  code: string;
  params?: Record<string, unknown>;
}

export type RowResult = { row: ImportRow } | { error: RowError } | { skip: true };

export type ImportSource = 'geonames' | 'csv';

/** How the lines of a file are read: GeoNames' 19 tab-separated columns, or a CSV with the named columns. */
export type FileLayout = { source: 'geonames' } | { source: 'csv'; columns: Map<string, number> };

const REQUIRED_COLUMNS = ['name', 'countryCode', 'latitude', 'longitude'] as const;
const OPTIONAL_COLUMNS = ['population', 'geonameId', ...CITY_IMPORT_NAME_LANGUAGES.map((l) => `name_${l}`)];
const GEONAMES_COLUMNS = 19;
/**
 * GeoNames feature codes that are not a place to travel to, as the reference seed leaves them
 * out: districts of a bigger city, historical, abandoned or destroyed places.
 */
const EXCLUDED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
const MAX_NAME = 200;
const MAX_POPULATION = 2_000_000_000;

const ZIP_LOCAL_HEADER = 0x04034b50;
const TEXT_TYPES = new Set(['text/csv', 'text/plain', 'text/tab-separated-values', 'application/csv', 'application/vnd.ms-excel']);
const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed', 'application/x-zip']);
/** What browsers send for a file they have no type for. */
const UNTYPED = new Set(['', 'application/octet-stream']);

/**
 * Whether the upload may be a city file at all, by its declared type and name: anything else (an
 * image, a PDF) is 415 before a byte is read.
 */
export function acceptsUpload(mimetype: string, filename: string): void {
  const type = mimetype.toLowerCase().split(';')[0]?.trim() ?? '';
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  if (TEXT_TYPES.has(type) || ZIP_TYPES.has(type)) return;
  if (UNTYPED.has(type) && ['csv', 'txt', 'tsv', 'zip'].includes(ext)) return;
  throw new AppError(415, 'cityImportUnsupportedType');
}

/**
 * The decompressed contents of a stored file: a zip's first entry (GeoNames ships one file a
 * zip, stored or deflated; node's inflate stops at the end of the entry's data and ignores the
 * central directory after it), or the file itself. `onBytes` hears how much of the file was read.
 */
export async function openContent(file: string, onBytes?: (read: number) => void): Promise<Readable> {
  const handle = await open(file, 'r');
  const header = Buffer.alloc(30);
  let start = 0;
  let method = -1;
  try {
    const { bytesRead } = await handle.read(header, 0, 30, 0);
    if (bytesRead === 30 && header.readUInt32LE(0) === ZIP_LOCAL_HEADER) {
      method = header.readUInt16LE(8);
      start = 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      if (method !== 0 && method !== 8) throw new AppError(400, 'cityImportZipUnsupported');
    }
  } finally {
    await handle.close();
  }
  const raw = createReadStream(file, { start });
  let read = start;
  if (onBytes) {
    raw.on('data', (chunk) => {
      read += chunk.length;
      onBytes(read);
    });
  }
  if (method !== 8) return raw;
  const inflate = createInflateRaw();
  raw.on('error', (err) => inflate.destroy(err));
  // A reader that stops early (the header check reads one line) closes the file too.
  inflate.on('close', () => raw.destroy());
  return raw.pipe(inflate);
}

/** The file's lines with their numbers, a BOM dropped and CRLF read as one break. */
export async function* lines(content: Readable): AsyncGenerator<{ line: number; text: string }> {
  const reader = createInterface({ input: content, crlfDelay: Infinity });
  let line = 0;
  try {
    for await (const text of reader) {
      line += 1;
      yield { line, text: line === 1 ? text.replace(/^\uFEFF/, '') : text };
    }
  } finally {
    reader.close();
    content.destroy();
  }
}

/**
 * How to read the file, from its first line: GeoNames extracts have no header and 19 columns
 * starting with the numeric id; a CSV names its columns, the four required ones at least. Binary
 * content (a zip with something else in it, a spreadsheet) is "not a CSV".
 */
export function readLayout(first: string): FileLayout {
  if (first.includes('\u0000') || first.includes('\uFFFD') || hasControlCharacters(first.replace(/\t/g, ' '))) {
    throw new AppError(400, 'cityImportNotCsv');
  }
  const tabbed = first.split('\t');
  if (tabbed.length === GEONAMES_COLUMNS && /^\d+$/.test(tabbed[0] ?? '')) return { source: 'geonames' };
  if (!first.includes(',')) throw new AppError(400, 'cityImportNotCsv');
  const names = splitCsv(first)?.map((c) => c.trim());
  if (!names) throw new AppError(400, 'cityImportHeader');
  const columns = new Map<string, number>();
  for (const [i, name] of names.entries()) {
    if (columns.has(name) || (!(REQUIRED_COLUMNS as readonly string[]).includes(name) && !OPTIONAL_COLUMNS.includes(name))) {
      throw new AppError(400, 'cityImportHeader');
    }
    columns.set(name, i);
  }
  if (REQUIRED_COLUMNS.some((c) => !columns.has(c))) throw new AppError(400, 'cityImportHeader');
  return { source: 'csv', columns };
}

/** One CSV line's cells (RFC 4180 quoting within the line), or null when a quote is left open. */
export function splitCsv(text: string): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  if (quoted) return null;
  cells.push(cell);
  return cells;
}

const fail = (line: number, code: string, params?: Record<string, unknown>): RowResult => ({ error: { line, code, ...(params ? { params } : {}) } });

function text(value: string | undefined): string {
  return (value ?? '').trim();
}

function numberIn(value: string, min: number, max: number): number | null {
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

function wholeNumber(value: string, max: number): number | null | undefined {
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n <= max ? n : undefined;
}

interface Fields {
  name: string;
  countryCode: string;
  latitude: string;
  longitude: string;
  population: string;
  geonameId: string;
  names: Partial<Record<(typeof CITY_IMPORT_NAME_LANGUAGES)[number], string>>;
}

/** Checks one row's values; `countries` holds the ISO codes the database knows. */
function check(line: number, f: Fields, countries: ReadonlySet<string>): RowResult {
  if (!f.name || f.name.length > MAX_NAME || hasControlCharacters(f.name)) return fail(line, 'cityImportName');
  const code = f.countryCode.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return fail(line, 'cityImportCountryCode');
  if (!countries.has(code)) return fail(line, 'cityImportCountryUnknown', { code });
  const latitude = numberIn(f.latitude, -90, 90);
  if (latitude === null) return fail(line, 'cityImportLatitude');
  const longitude = numberIn(f.longitude, -180, 180);
  if (longitude === null) return fail(line, 'cityImportLongitude');
  const population = wholeNumber(f.population, MAX_POPULATION);
  if (population === undefined) return fail(line, 'cityImportPopulation');
  const geonameId = wholeNumber(f.geonameId, 2_147_483_647);
  if (geonameId === undefined || geonameId === 0) return fail(line, 'cityImportGeonameId');
  for (const value of Object.values(f.names)) {
    if (value.length > MAX_NAME || hasControlCharacters(value)) return fail(line, 'cityImportName');
  }
  return { row: { line, countryCode: code, name: f.name, latitude, longitude, population, geonameId, names: f.names } };
}

/** One line of the file as a row, an error, or nothing to import (a blank line, a district). */
export function readRow(layout: FileLayout, line: number, raw: string, countries: ReadonlySet<string>): RowResult {
  if (raw.trim() === '') return { skip: true };
  if (layout.source === 'geonames') {
    const cells = raw.split('\t');
    if (cells.length !== GEONAMES_COLUMNS) return fail(line, 'cityImportColumns', { expected: GEONAMES_COLUMNS });
    // Columns: 0 id, 1 name, 4 latitude, 5 longitude, 6 feature class, 7 feature code, 8 country, 14 population.
    if (text(cells[6]) !== 'P' || EXCLUDED_FEATURES.has(text(cells[7]))) return { skip: true };
    return check(
      line,
      {
        name: text(cells[1]),
        countryCode: text(cells[8]),
        latitude: text(cells[4]),
        longitude: text(cells[5]),
        population: text(cells[14]),
        geonameId: text(cells[0]),
        names: {},
      },
      countries,
    );
  }
  const cells = splitCsv(raw);
  if (!cells) return fail(line, 'cityImportQuote');
  if (cells.length !== layout.columns.size) return fail(line, 'cityImportColumns', { expected: layout.columns.size });
  const cell = (name: string) => {
    const i = layout.columns.get(name);
    return i === undefined ? '' : text(cells[i]);
  };
  const names: Fields['names'] = {};
  for (const lang of CITY_IMPORT_NAME_LANGUAGES) {
    const value = cell(`name_${lang}`);
    if (value) names[lang] = value;
  }
  return check(
    line,
    {
      name: cell('name'),
      countryCode: cell('countryCode'),
      latitude: cell('latitude'),
      longitude: cell('longitude'),
      population: cell('population'),
      geonameId: cell('geonameId'),
      names,
    },
    countries,
  );
}
