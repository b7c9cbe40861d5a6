import { z } from 'zod';
import { EXPERIENCE_RANGES, GENDERS, LANGUAGE_IDS, USER_TYPES } from '../../../common/constants';
import people from './people.json';

/** Where the demo people live: names to find the city in the seeded table, and the country. */
export const DEMO_CITIES = {
  berlin: { names: ['Berlin'], country: 'DE' },
  hamburg: { names: ['Hamburg'], country: 'DE' },
  muenchen: { names: ['München', 'Munich'], country: 'DE' },
  koeln: { names: ['Köln', 'Cologne'], country: 'DE' },
  leipzig: { names: ['Leipzig'], country: 'DE' },
  frankfurt: { names: ['Frankfurt am Main', 'Frankfurt'], country: 'DE' },
  stuttgart: { names: ['Stuttgart'], country: 'DE' },
  duesseldorf: { names: ['Düsseldorf', 'Dusseldorf'], country: 'DE' },
  dresden: { names: ['Dresden'], country: 'DE' },
  nuernberg: { names: ['Nürnberg', 'Nuremberg'], country: 'DE' },
  muenster: { names: ['Münster', 'Munster'], country: 'DE' },
  freiburg: { names: ['Freiburg im Breisgau', 'Freiburg'], country: 'DE' },
  wien: { names: ['Wien', 'Vienna'], country: 'AT' },
  zuerich: { names: ['Zürich', 'Zurich'], country: 'CH' },
  basel: { names: ['Basel'], country: 'CH' },
  amsterdam: { names: ['Amsterdam'], country: 'NL' },
  barcelona: { names: ['Barcelona'], country: 'ES' },
  lisboa: { names: ['Lisboa', 'Lisbon'], country: 'PT' },
  porto: { names: ['Porto'], country: 'PT' },
  paris: { names: ['Paris'], country: 'FR' },
  lyon: { names: ['Lyon'], country: 'FR' },
  praha: { names: ['Praha', 'Prague'], country: 'CZ' },
  krakow: { names: ['Kraków', 'Krakow', 'Cracow'], country: 'PL' },
  milano: { names: ['Milano', 'Milan'], country: 'IT' },
  kopenhagen: { names: ['København', 'Copenhagen', 'Kopenhagen'], country: 'DK' },
} as const satisfies Record<string, { names: readonly string[]; country: string }>;

export type DemoCity = keyof typeof DEMO_CITIES;

/** German country names for when the countries table lacks a code. */
export const COUNTRY_NAMES_DE: Record<string, string> = {
  DE: 'Deutschland',
  AT: 'Österreich',
  CH: 'Schweiz',
  NL: 'Niederlande',
  ES: 'Spanien',
  PT: 'Portugal',
  FR: 'Frankreich',
  CZ: 'Tschechien',
  PL: 'Polen',
  IT: 'Italien',
  DK: 'Dänemark',
};

export const demoCitySchema = z.custom<DemoCity>((city) => typeof city === 'string' && Object.hasOwn(DEMO_CITIES, city), 'not a key of DEMO_CITIES');

const demoPersonSchema = z.strictObject({
  /** Local part of the e-mail address. */
  email: z.string().min(1),
  username: z.string().min(1),
  name: z.string().min(1),
  type: z.enum(USER_TYPES),
  role: z.literal('admin').optional(),
  city: demoCitySchema,
  gender: z.enum(GENDERS).optional(),
  experience: z.enum(EXPERIENCE_RANGES).optional(),
  languages: z.array(z.enum(LANGUAGE_IDS)),
  /** Style slugs of the styles table; unknown slugs are skipped. */
  styles: z.array(z.string()),
  bio: z.string().min(1),
  /** Instagram handle; derived from the username when absent, none when null. */
  instagram: z.string().nullable().optional(),
  facebook: z.string().optional(),
  tiktok: z.string().optional(),
  youtube: z.string().optional(),
  whatsapp: z.string().optional(),
  website: z.string().optional(),
  /** Featured by the seed for the next days; the two demo logins buy it instead (payments.ts). */
  featured: z.boolean().optional(),
  workstations: z.number().int().min(0).optional(),
  piercings: z.boolean().optional(),
  tattooRemoval: z.boolean().optional(),
  microblading: z.boolean().optional(),
});

export type DemoPerson = z.infer<typeof demoPersonSchema>;

// The people themselves are content (names, bios in their own languages, handles), so they live
// in people.json; the check turns a mistyped city, language or field there into an error when
// the demo seed loads instead of a demo world that is quietly wrong.
const demoPeople = z.strictObject({ artists: z.array(demoPersonSchema), studios: z.array(demoPersonSchema), admin: demoPersonSchema }).parse(people);

export const DEMO_ARTISTS: DemoPerson[] = demoPeople.artists;
export const DEMO_STUDIOS: DemoPerson[] = demoPeople.studios;
export const DEMO_ADMIN: DemoPerson = demoPeople.admin;
