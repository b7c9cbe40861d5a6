import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db/index';
import { seed } from '../seed/index';

const config = loadConfig();
const db = createDb(config.database);
await migrateToLatest(db);
await seed({ db, config });
await db.destroy();
console.log(`Database is up to date (${config.database.kind}).`);
