/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more, and a message of 5,000 characters
 * (up to 4 bytes each in UTF-8, more once escaped in JSON) does not fit. A published event is
 * therefore one JSON text cut into numbered pieces, each sent as its own notification in one
 * statement (delivered together, in one transaction) and joined again by the receivers.
 */

/** Bytes of one piece's text once it sits in the envelope; the envelope adds under 100. */
export const PIECE_BYTES = 7000;

/** One notification: sender, publication number, piece index and count, and the piece. */
export interface Envelope {
  o: string;
  s: number;
  i: number;
  n: number;
  d: string;
}

/** Bytes a code point takes inside a JSON string, escapes included. */
function jsonBytes(cp: number): number {
  if (cp === 0x22 || cp === 0x5c) return 2;
  if (cp < 0x20) return cp === 0x08 || cp === 0x09 || cp === 0x0a || cp === 0x0c || cp === 0x0d ? 2 : 6;
  if (cp < 0x80) return 1;
  if (cp < 0x800) return 2;
  // A lone surrogate is written as \uXXXX.
  if (cp >= 0xd800 && cp <= 0xdfff) return 6;
  return cp < 0x10000 ? 3 : 4;
}

/** Cuts `text` into pieces of at most `max` bytes each as JSON string content, never inside a code point. */
export function splitText(text: string, max = PIECE_BYTES): string[] {
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  let i = 0;
  for (const ch of text) {
    const cost = jsonBytes(ch.codePointAt(0) as number);
    if (bytes + cost > max && i > start) {
      pieces.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += cost;
    i += ch.length;
  }
  pieces.push(text.slice(start));
  return pieces;
}

/** The notification payloads for one publication. */
export function toPayloads(origin: string, seq: number, text: string): string[] {
  const pieces = splitText(text);
  return pieces.map((d, i) => JSON.stringify({ o: origin, s: seq, i, n: pieces.length, d } satisfies Envelope));
}

function isEnvelope(v: unknown): v is Envelope {
  const e = v as Envelope;
  return (
    typeof e === 'object' && e !== null && typeof e.o === 'string' && Number.isInteger(e.s) && Number.isInteger(e.i) &&
    Number.isInteger(e.n) && e.n >= 1 && e.i >= 0 && e.i < e.n && typeof e.d === 'string'
  );
}

interface Pending {
  pieces: (string | undefined)[];
  left: number;
  timer: NodeJS.Timeout;
}

/**
 * Joins the pieces of each publication from other senders. Pieces of one publication arrive
 * together; an incomplete one (a sender that died mid-statement cannot, but a bug could) is
 * dropped after `ttlMs` so nothing grows without bound.
 */
export class Assembler {
  private readonly partial = new Map<string, Pending>();

  constructor(
    private readonly self: string,
    private readonly onText: (text: string) => void,
    private readonly ttlMs = 30_000,
  ) {}

  /** Takes one notification payload; ignores our own and anything malformed. */
  take(payload: string): void {
    let env: unknown;
    try {
      env = JSON.parse(payload);
    } catch {
      return;
    }
    if (!isEnvelope(env) || env.o === this.self) return;
    if (env.n === 1) {
      this.onText(env.d);
      return;
    }
    const key = `${env.o}:${env.s}`;
    let p = this.partial.get(key);
    if (!p) {
      const timer = setTimeout(() => this.partial.delete(key), this.ttlMs);
      timer.unref();
      p = { pieces: new Array<string | undefined>(env.n), left: env.n, timer };
      this.partial.set(key, p);
    }
    if (p.pieces.length !== env.n || p.pieces[env.i] !== undefined) return;
    p.pieces[env.i] = env.d;
    if (--p.left > 0) return;
    clearTimeout(p.timer);
    this.partial.delete(key);
    this.onText(p.pieces.join(''));
  }

  clear(): void {
    for (const p of this.partial.values()) clearTimeout(p.timer);
    this.partial.clear();
  }
}
