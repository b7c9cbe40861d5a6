import { sql, type Kysely } from 'kysely';
import { belongsTo, idColumn, localizedNames, refersTo, timestamps, userSecretColumns } from './columns';
import { createLinkTable, STYLE } from './pair-tables';

export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('countries'))
    .addColumn('code', 'varchar(2)', (c) => c.notNull().unique())
    .$call(localizedNames)
    .execute();

  await idColumn(db, db.schema.createTable('cities'))
    .addColumn('country_id', 'integer', belongsTo('countries.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('latitude', 'real', (c) => c.notNull())
    .addColumn('longitude', 'real', (c) => c.notNull())
    .addColumn('population', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('cities_country_idx').on('cities').columns(['country_id', 'name']).execute();

  await idColumn(db, db.schema.createTable('styles'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .$call(localizedNames)
    .execute();

  await idColumn(db, db.schema.createTable('users'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user').check(sql`role in ('user', 'admin')`))
    .addColumn('user_type', 'text', (c) => c.notNull().check(sql`user_type in ('artist', 'studio')`))
    .addColumn('featured_until', 'text')
    .addColumn('avatar', 'text')
    .addColumn('header_image', 'text')
    .addColumn('bio', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('city_id', 'integer')
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('city_name', 'text')
    .addColumn('country_name', 'text')
    .addColumn('gender', 'text', (c) => c.check(sql`gender in ('male', 'female', 'other')`))
    .addColumn('experience', 'text', (c) =>
      c.check(sql`experience in ('1-3', '3-6', '6-9', '9-12', '12-15', '15+')`),
    )
    .addColumn('languages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('workstations', 'integer', (c) => c.notNull().defaultTo(0).check(sql`workstations between 0 and 50`))
    .addColumn('piercings', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tattoo_removal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('microblading', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('instagram', 'text')
    .addColumn('facebook', 'text')
    .addColumn('tiktok', 'text')
    .addColumn('youtube', 'text')
    .addColumn('telegram', 'text')
    .addColumn('whatsapp', 'text')
    .addColumn('pinterest', 'text')
    .addColumn('twitter', 'text')
    .addColumn('website', 'text')
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('users_featured_idx').on('users').columns(['user_type', 'featured_until']).execute();

  await createLinkTable(db, 'user_styles', ['user_id', 'users.id'], STYLE);

  await userSecretColumns(db.schema.createTable('sessions'), 'id')
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await idColumn(db, db.schema.createTable('contact_messages'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', refersTo('users.id'))
    .addColumn('handled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['contact_messages', 'sessions', 'user_styles', 'users', 'styles', 'cities', 'countries']) {
    await db.schema.dropTable(table).execute();
  }
}
