import { request as httpRequest } from 'node:http';
import { bounded, call, register, ServerProcess, sleep, type Check } from './server';

/** A dependency the run can take away and give back (a PostgreSQL cluster, a Redis server). */
export interface Dependency {
  name: string;
  /** The ways it goes down, each one outage (`-m fast`, `-m immediate`, a kill). */
  modes: string[];
  stop(mode: string): Promise<void>;
  start(): Promise<void>;
  /** What requests answer while it is down: 503 with a message, or served as usual (degraded). */
  duringOutage: 'unavailable' | 'served';
}

const GERMAN_UNAVAILABLE = 'Der Dienst ist kurz nicht erreichbar. Bitte versuche es in ein paar Sekunden erneut.';

interface Sample {
  at: number;
  ms: number;
  status: number;
  error: string;
}

/** A browser's live stream: collects its text until closed. */
function openStream(url: string, cookie: string): { text: () => string; close: () => void } {
  let text = '';
  const req = httpRequest(`${url}/api/events`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
    res.on('data', (c: Buffer) => (text += c.toString()));
    res.on('error', () => undefined);
  });
  req.on('error', () => undefined);
  req.end();
  return { text: () => text, close: () => req.destroy() };
}

/**
 * Takes `dep` away under load (four clients asking for their session in German, one watching
 * readiness) and gives it back, once per mode: the process lives through it, answers within 5 s
 * as `duringOutage` says, readiness drops and returns, service is normal within 10 s, a message
 * sent then arrives live, and no request outlives 30 s.
 */
export async function outageFaults(dep: Dependency, server: ServerProcess): Promise<Check[]> {
  const checks: Check[] = [];
  const scenario = `${dep.name} outage`;
  const add = (mode: string, check: string, ok: boolean, detail: string) => checks.push({ scenario: `${scenario} ${mode}`, check, ok, detail });
  const sender = await register(server.url, `faults_${dep.name}_from`.slice(0, 30));
  const reader = await register(server.url, `faults_${dep.name}_to`.slice(0, 30));
  for (const mode of dep.modes) {
    const samples: Sample[] = [];
    const readiness: { at: number; status: number }[] = [];
    let loading = true;
    const client = async () => {
      while (loading) {
        const at = Date.now();
        try {
          const res = await call(`${server.url}/api/auth/me`, { cookie: sender.cookie, headers: { 'accept-language': 'de' }, timeoutMs: 35_000 });
          samples.push({ at, ms: Date.now() - at, status: res.status, error: typeof res.body.error === 'string' ? res.body.error : '' });
        } catch (err) {
          samples.push({ at, ms: Date.now() - at, status: 0, error: (err as Error).message });
        }
        await sleep(50);
      }
    };
    const watcher = async () => {
      while (loading) {
        try {
          readiness.push({ at: Date.now(), status: (await call(`${server.url}/api/health/ready`, { timeoutMs: 5000 })).status });
        } catch {
          readiness.push({ at: Date.now(), status: 0 });
        }
        await sleep(250);
      }
    };
    const load = Promise.all([client(), client(), client(), client(), watcher()]);
    await sleep(1500);
    const down = Date.now();
    await dep.stop(mode);
    await sleep(5000);
    const restarted = Date.now();
    await dep.start();
    const up = Date.now();
    // Normal service: the first of a run of answers that are all 200 again.
    let normalAt = 0;
    while (Date.now() - up < 15_000) {
      const res = await call(`${server.url}/api/auth/me`, { cookie: sender.cookie, timeoutMs: 5000 }).catch(() => null);
      const ready = await call(`${server.url}/api/health/ready`, { timeoutMs: 5000 }).catch(() => null);
      if (res?.status === 200 && ready?.status === 200) {
        normalAt = Date.now();
        break;
      }
      await sleep(200);
    }
    const stream = openStream(server.url, reader.cookie);
    await sleep(1000);
    const words = `nach dem Ausfall ${mode} ${Date.now()}`;
    const sent = await call(`${server.url}/api/messages`, { cookie: sender.cookie, body: { recipient_id: reader.id, content: words } }).catch(() => null);
    let arrived = false;
    for (let i = 0; i < 40 && !arrived; i++) {
      arrived = stream.text().includes(words);
      if (!arrived) await sleep(100);
    }
    stream.close();
    await sleep(1000);
    loading = false;
    await bounded('the load ending', 40_000, () => load);

    add(mode, 'the process never exits', server.running && server.endings.length === 0, server.running ? 'running' : `ended: ${server.endings.join(', ')}`);
    const inOutage = samples.filter((s) => s.at >= down && s.at < restarted);
    const refused = inOutage.filter((s) => s.status !== 200);
    if (dep.duringOutage === 'unavailable') {
      const wrong = refused.filter((s) => s.status !== 503 || s.error !== GERMAN_UNAVAILABLE);
      add(mode, '503 in German during the outage', refused.length > 0 && wrong.length === 0, `${inOutage.length} requests, ${refused.length} refused, ${wrong.length} otherwise${wrong[0] ? ` (e.g. ${wrong[0].status} "${wrong[0].error.slice(0, 60)}")` : ''}`);
    } else {
      add(mode, 'served during the outage', inOutage.length > 0 && refused.length === 0, `${inOutage.length} requests, ${refused.length} not 200${refused[0] ? ` (e.g. ${refused[0].status} "${refused[0].error.slice(0, 60)}")` : ''}`);
    }
    const slowest = Math.max(0, ...inOutage.map((s) => s.ms));
    add(mode, 'answers within 5 s during the outage', slowest <= 5000, `slowest ${slowest} ms`);
    const dropped = readiness.some((r) => r.at >= down && r.at < up && r.status === 503);
    const back = readiness.some((r) => r.at >= up && r.status === 200);
    add(mode, 'readiness drops and returns', dropped && back, `503 seen: ${dropped}, 200 after: ${back}`);
    add(mode, 'normal service within 10 s', normalAt > 0 && normalAt - up <= 10_000, normalAt ? `${normalAt - up} ms after the restart` : 'not within 15 s');
    add(mode, 'a message sent then arrives live', sent?.status === 201 && arrived, `send answered ${sent?.status ?? 'nothing'}, arrived: ${arrived}`);
    const longest = Math.max(0, ...samples.map((s) => s.ms));
    add(mode, 'no request outlives 30 s', longest < 30_000, `longest ${longest} ms of ${samples.length}`);
  }
  return checks;
}
