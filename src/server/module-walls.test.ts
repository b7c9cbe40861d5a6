import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The server's module walls are lint rules (eslint.config.js): a file is planted in each zone
// and linted as if it were there, so a change to the config that opens a wall fails here.

const WALL = 'import-x/no-restricted-paths';
const NO_SQL_IMPORT = 'no-restricted-imports';
const NO_QUERY = 'no-restricted-syntax';

let eslint: ESLint;

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  return result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

const QUERY = [
  "import type { Db } from '../../db/index';",
  "export const names = (db: Db) => db.selectFrom('users').select('name').execute();",
  "export const drop = (db: Db) => db.deleteFrom('users').execute();",
].join('\n');
const RAW_SQL = ["import { sql } from 'kysely';", 'export const one = sql`select 1`;'].join('\n');

describe('server module walls', () => {
  beforeAll(() => {
    eslint = new ESLint({ overrideConfigFile: 'eslint.config.js' });
  });

  describe("a module imports another module's face only", () => {
    it("refuses another module's inside file", async () => {
      const code = "import { hasPicture } from '../profiles/repo';\nexport const listed = hasPicture;\n";
      expect(await rulesBroken('src/server/modules/artists/planted.ts', code)).toEqual([WALL]);
    });

    it("takes another module's index.ts", async () => {
      const code = "import { hasPicture } from '../profiles/index';\nexport const listed = hasPicture;\n";
      expect(await rulesBroken('src/server/modules/artists/planted.ts', code)).toEqual([]);
    });

    it('leaves a module free inside its own folder', async () => {
      const code = "import { moveOrder } from './order-state';\nexport const move = moveOrder;\n";
      expect(await rulesBroken('src/server/modules/payments/planted.ts', code)).toEqual([]);
    });

    it('refuses the wiring (services.ts, modules/index.ts) an inside file', async () => {
      const code = "import { createPaymentService } from './modules/payments/service';\nexport const make = createPaymentService;\n";
      expect(await rulesBroken('src/server/planted.ts', code)).toEqual([WALL]);
      const routes = "import { paymentRoutes } from './payments/routes';\nexport const plugin = paymentRoutes;\n";
      expect(await rulesBroken('src/server/modules/index.ts', routes)).toEqual([WALL]);
    });

    it("lets tests use another module's testing.ts, and nothing else of it", async () => {
      const helpers = "import { useListingWorld } from '../listings/testing';\nexport const world = useListingWorld;\n";
      expect(await rulesBroken('src/server/modules/artists/planted.test.ts', helpers)).toEqual([]);
      expect(await rulesBroken('src/server/modules/artists/planted.ts', helpers)).toEqual([WALL]);
      const repo = "import { hasPicture } from '../profiles/repo';\nexport const listed = hasPicture;\n";
      expect(await rulesBroken('src/server/modules/artists/planted.test.ts', repo)).toEqual([WALL]);
    });
  });

  describe('the layers below the modules', () => {
    it('refuses src/server/lib any module, even its face', async () => {
      const code = "import { credits } from '../modules/instagram/index';\nexport const port = credits;\n";
      expect(await rulesBroken('src/server/lib/planted.ts', code)).toEqual([WALL]);
    });

    it("refuses src/server/http a module's inside file, and takes its face", async () => {
      const inside = "import type { Presence } from '../modules/events/presence';\nexport type P = Presence;\n";
      expect(await rulesBroken('src/server/http/planted.ts', inside)).toEqual([WALL]);
      const face = "import type { Presence } from '../modules/events/index';\nexport type P = Presence;\n";
      expect(await rulesBroken('src/server/http/planted.ts', face)).toEqual([]);
    });
  });

  describe('SQL is written in repo files only', () => {
    it('refuses query builder calls in a service', async () => {
      expect(await rulesBroken('src/server/modules/gallery/planted.ts', QUERY)).toEqual([NO_QUERY, NO_QUERY]);
    });

    it("refuses kysely's sql template in a service and in lib", async () => {
      expect(await rulesBroken('src/server/modules/gallery/planted.ts', RAW_SQL)).toEqual([NO_SQL_IMPORT]);
      expect(await rulesBroken('src/server/lib/planted.ts', RAW_SQL)).toEqual([NO_SQL_IMPORT]);
    });

    it('takes both in repo.ts and in a *-repo.ts', async () => {
      expect(await rulesBroken('src/server/modules/gallery/repo.ts', `${RAW_SQL}\n${QUERY}`)).toEqual([]);
      expect(await rulesBroken('src/server/modules/payments/providers/planted-repo.ts', QUERY.replace('../../db/index', '../../../db/index'))).toEqual([]);
    });

    it('takes them in the database layer and in tests', async () => {
      expect(await rulesBroken('src/server/db/planted.ts', RAW_SQL)).toEqual([]);
      expect(await rulesBroken('src/server/modules/gallery/planted.test.ts', QUERY)).toEqual([]);
    });
  });
}, 120_000);
