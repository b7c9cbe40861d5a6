import { request as httpRequest, type ClientRequest } from 'node:http';
import type { Person } from './world';

/**
 * Open live streams (`GET /api/events`), one per person, each on a connection of its own as a
 * browser tab holds it. `rotate` closes and reopens a share of them, as people come and go; a
 * stream that ends without being asked to is reopened and counted as dropped.
 */
export class LiveStreams {
  private readonly open = new Map<number, ClientRequest>();
  private stopping = false;
  dropped = 0;
  refused = 0;
  opened = 0;
  bytes = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly people: Person[],
  ) {}

  private connect(i: number): Promise<void> {
    const person = this.people[i] as Person;
    return new Promise((resolve) => {
      const req = httpRequest(new URL('/api/events', this.baseUrl), { headers: { cookie: person.cookie, 'x-forwarded-for': person.ip, accept: 'text/event-stream' } }, (res) => {
        if (res.statusCode !== 200) {
          this.refused++;
          res.resume();
          this.open.delete(i);
          resolve();
          return;
        }
        this.opened++;
        res.on('data', (chunk: Buffer) => (this.bytes += chunk.length));
        res.on('close', () => {
          if (this.open.get(i) !== req || this.stopping) return;
          this.open.delete(i);
          this.dropped++;
          setTimeout(() => void this.connect(i), 1000);
        });
        resolve();
      });
      req.on('error', () => {
        if (this.open.get(i) === req && !this.stopping) {
          this.open.delete(i);
          this.dropped++;
          setTimeout(() => void this.connect(i), 1000);
        }
        resolve();
      });
      this.open.set(i, req);
      req.end();
    });
  }

  async start(): Promise<void> {
    for (let i = 0; i < this.people.length; i += 20) await Promise.all(this.people.slice(i, i + 20).map((_, j) => this.connect(i + j)));
  }

  /** Closes `share` of the streams, starting at a rotating offset, and opens them again. */
  async rotate(round: number, share: number): Promise<void> {
    const count = Math.round(this.people.length * share);
    const first = (round * count) % this.people.length;
    const chosen = Array.from({ length: count }, (_, k) => (first + k) % this.people.length);
    for (const i of chosen) {
      const req = this.open.get(i);
      this.open.delete(i);
      req?.destroy();
    }
    await Promise.all(chosen.map((i) => this.connect(i)));
  }

  get count(): number {
    return this.open.size;
  }

  stop(): void {
    this.stopping = true;
    for (const req of this.open.values()) req.destroy();
    this.open.clear();
  }
}
