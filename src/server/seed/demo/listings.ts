import { addDays, todayUtc } from '../../../common/schemas/listing-fields';
import type { Db } from '../../db/index';
import { presentSessionUser } from '../../modules/auth/presenter';
import { availabilityKind } from '../../modules/availability/kind';
import { guestSpotKind } from '../../modules/guest-spots/kind';
import { createListingService } from '../../modules/listings/service';
import { createCardImages } from '../../modules/gallery/card-images';
import { createReferenceService } from '../../modules/reference/service';
import { DEMO_CITIES, type DemoCity } from './people';

/** A demo guest spot; days are relative to the seeding day, so the demo always has current and past ones. */
interface DemoSpot {
  studio: string;
  title: string;
  description: string;
  start: number;
  days: number;
  compensation: string;
  details?: string;
  places?: number;
  requirements?: string;
  styles: string[];
  city?: DemoCity;
  active?: boolean;
}

interface DemoAvailability {
  artist: string;
  title: string;
  description: string;
  start: number;
  days: number;
  location: string;
  city?: DemoCity;
  /** A country without a city ("anywhere in Germany"). */
  country?: string;
  styles: string[];
  active?: boolean;
}

const DE_REQUIREMENTS = 'Portfolio mit abgeheilten Arbeiten, Instagram-Profil und eigene Maschinen. Termine stimmen wir vorab gemeinsam ab.';

/** Guest spots of the demo studios, in the studio's language (German, English for NL and CZ, Spanish, French, Portuguese). */
export const DEMO_SPOTS: DemoSpot[] = [
  {
    studio: 'studio',
    title: 'Gastplatz Fine Line & Blackwork im Sommer',
    description:
      'Wir suchen zwei Gäste für zwei Wochen in unserem Studio in Kreuzberg. Drei helle Arbeitsplätze, eigene Kabine für Gäste, Kundschaft aus der Nachbarschaft und über Instagram. Wir kümmern uns um Termine und Social Media.',
    start: 12,
    days: 14,
    compensation: '60/40',
    details: '60 % für dich, 40 % fürs Studio. Farben, Nadeln und Hygienematerial stellen wir.',
    places: 2,
    requirements: DE_REQUIREMENTS,
    styles: ['fine-line', 'blackwork', 'dotwork'],
  },
  {
    studio: 'studio',
    title: 'Flash-Day-Wochenende in Kreuzberg',
    description: 'Ein Wochenende nur Flash: Walk-ins, kleine Motive, gute Musik. Bring deine Flash-Bögen mit, wir drucken sie groß aus.',
    start: 45,
    days: 3,
    compensation: 'Tagesmiete 80 €',
    places: 3,
    styles: ['traditional', 'fine-line'],
  },
  {
    studio: 'studio',
    title: 'Frühlings-Gastplatz Realism',
    description: 'Gastplatz für Realism und Black & Grey, zwei Wochen im Frühling.',
    start: -90,
    days: 14,
    compensation: '50/50',
    styles: ['realism', 'black-and-grey'],
  },
  {
    studio: 'studio',
    title: 'Winter-Gastplatz (pausiert)',
    description: 'Noch in Planung, wir melden uns mit Terminen.',
    start: 150,
    days: 21,
    compensation: '60/40',
    styles: ['blackwork'],
    active: false,
  },
  {
    studio: 'anker',
    title: 'Traditional-Gastplatz am Hafen',
    description: 'Oldschool mit Blick auf die Elbe. Wir haben einen festen Kundenstamm für Traditional und Neo Traditional und freuen uns über Gäste mit eigenen Flashs.',
    start: 20,
    days: 14,
    compensation: '50/50 + Unterkunft',
    details: 'Gästezimmer über dem Studio, fünf Minuten zur Reeperbahn.',
    requirements: DE_REQUIREMENTS,
    styles: ['traditional', 'neo-traditional'],
  },
  {
    studio: 'anker',
    title: 'Japanese Sleeve Week',
    description: 'Eine Woche für große japanische Projekte, Sitzungen vorab gebucht.',
    start: -60,
    days: 7,
    compensation: '60/40',
    styles: ['japanese'],
  },
  {
    studio: 'isarherz',
    title: 'Fine Line Gastplatz in München',
    description: 'Ruhiges Studio in der Maxvorstadt, viele Anfragen für feine Linien und kleine Botanik. Wir suchen eine:n Gast für zwei Wochen.',
    start: 5,
    days: 14,
    compensation: '60/40',
    requirements: DE_REQUIREMENTS,
    styles: ['fine-line', 'watercolor'],
  },
  {
    studio: 'isarherz',
    title: 'Wiesn-Gastplatz im Herbst',
    description: 'Zur Wiesn ist die Stadt voll: zwei zusätzliche Plätze für Gäste, lange Öffnungszeiten.',
    start: 80,
    days: 14,
    compensation: 'Tagesmiete 90 €',
    places: 2,
    styles: ['fine-line', 'realism'],
  },
  {
    studio: 'domstich',
    title: 'Lettering & Blackwork Gastplatz',
    description: 'Laufender Gastplatz mit freien Terminen in der zweiten Woche. Schriftzüge und Blackwork gehen bei uns besonders gut.',
    start: -3,
    days: 14,
    compensation: '60/40',
    styles: ['lettering', 'blackwork', 'script'],
  },
  {
    studio: 'domstich',
    title: 'Gastplatz zur Karnevalszeit',
    description: 'Fünfte Jahreszeit, volle Stadt: Gäste für Walk-ins und kleine Motive willkommen.',
    start: 100,
    days: 10,
    compensation: '55/45',
    styles: ['traditional', 'lettering'],
  },
  {
    studio: 'blauestunde',
    title: 'Handpoke & Dotwork Gäste willkommen',
    description: 'Kleines, ruhiges Studio in Plagwitz. Wir arbeiten viel ohne Maschine und freuen uns über Handpoke-Gäste.',
    start: 15,
    days: 30,
    compensation: 'Tagesmiete 60 €',
    styles: ['handpoke', 'dotwork'],
  },
  {
    studio: 'blauestunde',
    title: 'Illustrativ im Winter',
    description: 'Gastplatz für illustrative Arbeiten, abgeschlossen.',
    start: -200,
    days: 10,
    compensation: '50/50',
    styles: ['illustrative'],
    active: false,
  },
  {
    studio: 'mainink',
    title: 'Realism Guest Spot in Frankfurt',
    description: 'Großes Studio im Nordend, viele Anfragen für Realism und Cover-ups. Zwei Wochen, gern auch länger.',
    start: 30,
    days: 14,
    compensation: '60/40',
    requirements: DE_REQUIREMENTS,
    styles: ['realism', 'color-realism', 'black-and-grey'],
  },
  {
    studio: 'mainink',
    title: 'Cover-up Spezialwoche',
    description: 'Eine Woche nur Cover-ups: Beratungen sind schon gebucht, wir suchen eine:n erfahrene:n Gast.',
    start: 60,
    days: 7,
    compensation: '50/50',
    styles: ['cover-up', 'blackwork'],
  },
  {
    studio: 'kesselblut',
    title: 'Trash Polka Gastplatz Stuttgart',
    description: 'Rot-schwarz ist bei uns Programm. Gäste mit Trash Polka oder Blackwork sind herzlich willkommen.',
    start: 25,
    days: 14,
    compensation: '60/40 + Schlafplatz',
    styles: ['trash-polka', 'blackwork'],
  },
  {
    studio: 'elbflorenz',
    title: 'Black & Grey Gastplatz Dresden',
    description: 'Neustadt, zwei Arbeitsplätze, viele Anfragen für Black & Grey und Porträts.',
    start: 7,
    days: 14,
    compensation: 'Tagesmiete 70 €',
    styles: ['black-and-grey', 'realism', 'portrait'],
  },
  {
    studio: 'elbflorenz',
    title: 'Ornamental-Woche',
    description: 'Eine Woche Ornamentik mit einem Gast aus Wien.',
    start: -40,
    days: 7,
    compensation: '50/50',
    styles: ['ornamental'],
  },
  {
    studio: 'wienertinte',
    title: 'Gastplatz im 7. Bezirk',
    description: 'Helles Studio in Neubau, drei Wochen Gastplatz für Fine Line oder Neo Traditional. Wir helfen gern bei der Suche nach einer Unterkunft.',
    start: 10,
    days: 21,
    compensation: '60/40',
    styles: ['fine-line', 'neo-traditional'],
  },
  {
    studio: 'wienertinte',
    title: 'Lettering-Wochenende',
    description: 'Zwei Tage Schriftzüge, Walk-ins willkommen.',
    start: 50,
    days: 2,
    compensation: 'Tagesmiete 100 €',
    styles: ['lettering', 'script'],
  },
  {
    studio: 'limmat',
    title: 'Gastplatz in Zürich für Japanese und Realism',
    description: 'Kollektiv mit vier Plätzen an der Limmat. Wir suchen Gäste für große Projekte.',
    start: 35,
    days: 14,
    compensation: '50/50',
    details: 'Auszahlung wöchentlich in CHF, eine Unterkunft können wir vermitteln.',
    styles: ['japanese', 'realism'],
  },
  {
    studio: 'grachten',
    title: 'Guest spot by the canals',
    description: 'Cosy shop in the Jordaan with a steady flow of walk-ins. Two weeks, English-speaking clients, a room above the shop for guests.',
    start: 14,
    days: 14,
    compensation: '60/40',
    details: 'Room above the shop included, bikes too.',
    styles: ['fine-line', 'traditional', 'illustrative'],
  },
  {
    studio: 'grachten',
    title: 'Flash Friday',
    description: 'One day of flash and walk-ins. Bring your sheets.',
    start: 40,
    days: 1,
    compensation: 'Day rate €100',
    styles: ['traditional'],
  },
  {
    studio: 'tintanegra',
    title: 'Guest spot en el Gòtic',
    description: 'Estudio en pleno Barri Gòtic, buscamos artistas invitados de blackwork y dotwork durante dos semanas.',
    start: 20,
    days: 14,
    compensation: '60/40',
    details: 'Incluye alojamiento compartido cerca del estudio.',
    styles: ['blackwork', 'dotwork'],
  },
  {
    studio: 'tintanegra',
    title: 'Semana de dotwork',
    description: 'Una semana dedicada al dotwork con una artista invitada de Ámsterdam.',
    start: -30,
    days: 7,
    compensation: '50/50',
    styles: ['dotwork'],
  },
  {
    studio: 'encrenoire',
    title: 'Guest spot au Marais',
    description: 'Atelier lumineux au cœur du Marais. Nous accueillons un·e artiste invité·e en fine line ou ornemental pendant deux semaines.',
    start: 18,
    days: 14,
    compensation: '60/40',
    details: 'Matériel fourni, logement possible.',
    styles: ['fine-line', 'ornamental'],
  },
  {
    studio: 'encrenoire',
    title: 'Semaine flash (complet)',
    description: 'Complet, merci pour vos demandes !',
    start: 9,
    days: 4,
    compensation: 'Journée 90 €',
    styles: ['blackwork'],
    active: false,
  },
  {
    studio: 'velvetneedle',
    title: 'Guest spot in Prague Old Town',
    description: 'Two weeks in our shop near the Old Town Square. Lots of tourists asking for neo-traditional and linework.',
    start: 12,
    days: 14,
    compensation: '50/50 + accommodation',
    styles: ['neo-traditional', 'linework'],
  },
  {
    studio: 'casadaagulha',
    title: 'Guest spot em Alfama',
    description: 'Estúdio pequeno em Alfama, procuramos artistas convidados de traditional e fine line durante duas semanas.',
    start: 22,
    days: 14,
    compensation: '60/40',
    details: 'Alojamento partilhado perto do estúdio.',
    styles: ['traditional', 'fine-line'],
  },
];

/** Availabilities of the demo artists; several fit the demo studio's summer spot on purpose. */
export const DEMO_AVAILABILITIES: DemoAvailability[] = [
  { artist: 'mia.schneider', title: 'Sommer in Berlin', description: 'Zwei bis drei Wochen Fine Line in Berlin, gern in einem ruhigen Studio.', start: 8, days: 22, location: 'Berlin', city: 'berlin', styles: ['fine-line', 'minimalist'] },
  { artist: 'anouk', title: 'Europe tour: Berlin & Prague', description: 'Dotwork and geometric pieces, looking for spots in Berlin first and Prague after.', start: 10, days: 25, location: 'Berlin, then Prague', city: 'berlin', styles: ['dotwork', 'geometric'] },
  { artist: 'jule', title: 'Fine Line in Berlin', description: 'Single Needle und Fine Line, zehn Tage Berlin.', start: 14, days: 10, location: 'Berlin', city: 'berlin', styles: ['fine-line', 'single-needle'] },
  { artist: 'ondrej', title: 'Guest spots in Germany', description: 'Linework and blackwork, any bigger German city.', start: 14, days: 16, location: 'Berlin, Leipzig or Dresden', country: 'DE', styles: ['linework', 'blackwork'] },
  { artist: 'alex', title: 'Handpoke-Reise nach Berlin', description: 'Eine Woche Handpoke in Berlin.', start: 12, days: 8, location: 'Berlin', city: 'berlin', styles: ['handpoke', 'dotwork'] },
  { artist: 'lena', title: 'Gastspots in Hamburg und Köln gesucht', description: 'Fine Line und Linework, je eine Woche.', start: 40, days: 20, location: 'Hamburg oder Köln', country: 'DE', styles: ['fine-line', 'linework'] },
  { artist: 'jonas.weber', title: 'Blackwork-Tour Süddeutschland', description: 'Großflächiges Blackwork und Cover-ups, München und Stuttgart.', start: 10, days: 30, location: 'München, Stuttgart', city: 'muenchen', styles: ['blackwork', 'cover-up'] },
  { artist: 'jonas.weber', title: 'Wien im Frühling', description: 'War schön, danke Wien!', start: -120, days: 20, location: 'Wien', city: 'wien', styles: ['blackwork'] },
  { artist: 'kolja.petrov', title: 'Realism-Gastspot Frankfurt', description: 'Realism und Black & Grey, zwei Wochen Frankfurt.', start: 28, days: 14, location: 'Frankfurt', city: 'frankfurt', styles: ['realism', 'black-and-grey'] },
  { artist: 'carla', title: 'Busco guest spot en Lisboa', description: 'Neotradicional y acuarela, dos o tres semanas en Lisboa.', start: 20, days: 20, location: 'Lisboa', city: 'lisboa', styles: ['neo-traditional', 'watercolor'] },
  { artist: 'ines', title: 'Guest spot em Paris', description: 'Fine line e single needle, duas semanas em Paris.', start: 15, days: 15, location: 'Paris', city: 'paris', styles: ['fine-line', 'single-needle'] },
  { artist: 'theo', title: 'Tournée flash en Allemagne', description: 'Traditionnel et lettrage, Hambourg puis Berlin.', start: 12, days: 18, location: 'Hambourg, Berlin', city: 'hamburg', styles: ['traditional', 'lettering'] },
  { artist: 'kasia', title: 'Looking for a guest spot in Vienna', description: 'Illustrative and dark art, two weeks.', start: 10, days: 15, location: 'Vienna', city: 'wien', styles: ['illustrative', 'dark-art'] },
  { artist: 'marco', title: 'Japanese guest spot in Switzerland', description: 'Irezumi sessions, big projects only.', start: 35, days: 15, location: 'Zürich', city: 'zuerich', styles: ['japanese', 'neo-japanese'] },
  { artist: 'freja', title: 'Fine line in Amsterdam', description: 'Minimal fine line, two weeks in Amsterdam.', start: 14, days: 14, location: 'Amsterdam', city: 'amsterdam', styles: ['fine-line', 'minimalist'] },
  { artist: 'freja', title: 'Berlin later this year (paused)', description: 'Plans on hold for now.', start: 120, days: 14, location: 'Berlin', city: 'berlin', styles: ['fine-line'], active: false },
  { artist: 'sophie.becker', title: 'Farbenfroh unterwegs: Leipzig', description: 'New School und Aquarell, zwei Wochen Leipzig.', start: 15, days: 15, location: 'Leipzig', city: 'leipzig', styles: ['new-school', 'watercolor'] },
  { artist: 'deniz', title: 'Realism in Stuttgart', description: 'Farbrealismus und Porträts, zehn Tage.', start: 25, days: 10, location: 'Stuttgart', city: 'stuttgart', styles: ['color-realism', 'realism'] },
  { artist: 'tobias.klein', title: 'Oldschool an der Küste', description: 'Traditional-Flashs im Gepäck, zwei Wochen Hamburg.', start: 20, days: 14, location: 'Hamburg', city: 'hamburg', styles: ['traditional', 'lettering'] },
  { artist: 'hanna.vogel', title: 'Linework in Leipzig', description: 'Holzschnitt-Optik, eine Woche Leipzig.', start: -50, days: 10, location: 'Leipzig', city: 'leipzig', styles: ['linework', 'blackwork'] },
  { artist: 'paul.richter', title: 'Geometrie in Wien', description: 'Geometrie und Dotwork, zehn Tage Wien.', start: 10, days: 10, location: 'Wien', city: 'wien', styles: ['geometric', 'dotwork'] },
  { artist: 'nele.krause', title: 'Aquarell-Gastspot München', description: 'Aquarell und Fine Line, zwei Wochen München.', start: 5, days: 14, location: 'München', city: 'muenchen', styles: ['watercolor', 'fine-line'] },
  { artist: 'luca.meier', title: 'Blackwork in Barcelona', description: 'Blackwork und Tribal, zwei Wochen Barcelona.', start: 20, days: 14, location: 'Barcelona', city: 'barcelona', styles: ['blackwork', 'tribal'] },
  { artist: 'elif', title: 'Lettering-Wochen in Köln', description: 'Schriftzüge und Chicano, gerade in Köln unterwegs.', start: -3, days: 13, location: 'Köln', city: 'koeln', styles: ['lettering', 'script'] },
  { artist: 'sebastian.wolf', title: 'Flash-Tour durch Deutschland', description: 'Oldschool-Flashs, Stadt egal.', start: 60, days: 15, location: 'Überall in Deutschland', country: 'DE', styles: ['traditional', 'neo-traditional'] },
  { artist: 'vanessa.koenig', title: 'Porträts in Dresden', description: 'Porträts und Mikrorealismus, zwei Wochen Dresden.', start: 7, days: 14, location: 'Dresden', city: 'dresden', styles: ['portrait', 'realism'] },
  { artist: 'ruben', title: 'Neo Traditional in Hamburg', description: 'Abgeschlossen.', start: -150, days: 10, location: 'Hamburg', city: 'hamburg', styles: ['neo-traditional'], active: false },
  { artist: 'miriam.braun', title: 'Mandala in Wien', description: 'Mandala und Dotwork, knapp drei Wochen Wien.', start: 12, days: 18, location: 'Wien', city: 'wien', styles: ['mandala', 'dotwork'] },
  { artist: 'noah.fischer', title: 'Sketch-Style in Amsterdam', description: 'Skizzenhafte Motive, zehn Tage Amsterdam.', start: 16, days: 10, location: 'Amsterdam', city: 'amsterdam', styles: ['sketch', 'illustrative'] },
  { artist: 'ana.costa', title: 'Guest spot em Lisboa', description: 'Tradicional, dez dias em Lisboa.', start: 25, days: 10, location: 'Lisboa', city: 'lisboa', styles: ['traditional'] },
  { artist: 'mathis.keller', title: 'Trash Polka in Stuttgart', description: 'Trash Polka und Realism, zehn Tage Stuttgart.', start: 26, days: 10, location: 'Stuttgart', city: 'stuttgart', styles: ['trash-polka', 'realism'] },
  { artist: 'clara', title: 'Guest spot à Paris', description: 'Fine line et ornemental, dix jours à Paris.', start: 20, days: 10, location: 'Paris', city: 'paris', styles: ['fine-line', 'ornamental'] },
];

interface PlaceIds {
  countryId: number | null;
  cityId: number | null;
  cityName: string | null;
}

/**
 * Guest spots for the demo studios and availabilities for the demo artists: current, future,
 * past and a few inactive ones, posted through the listing services as their owners would.
 * Runs once: if any demo listing exists it does nothing.
 */
export async function seedDemoListings(db: Db, emailDomain: string): Promise<void> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email', 'email_key', 'role', 'user_type', 'featured_until', 'avatar'])
    .where('email_key', 'like', `%@${emailDomain}`)
    .execute();
  const byEmail = new Map(users.map((u) => [u.email_key.slice(0, -(emailDomain.length + 1)), presentSessionUser(u)]));
  const ids = users.map((u) => u.id);
  if (ids.length === 0) return;
  const [spot, availability] = await Promise.all([
    db.selectFrom('guest_spots').select('id').where('studio_id', 'in', ids).limit(1).executeTakeFirst(),
    db.selectFrom('availabilities').select('id').where('artist_id', 'in', ids).limit(1).executeTakeFirst(),
  ]);
  if (spot || availability) return;

  const reference = createReferenceService({ db });
  const pictures = createCardImages(db);
  const spots = createListingService(guestSpotKind, { db, reference, pictures, counterpart: availabilityKind });
  const availabilities = createListingService(availabilityKind, { db, reference, pictures, counterpart: guestSpotKind });
  const styles = new Map((await db.selectFrom('styles').select(['id', 'slug']).execute()).map((s) => [s.slug, s.id]));
  const places = await findPlaces(db);
  const countryIds = new Map((await db.selectFrom('countries').select(['id', 'code']).execute()).map((c) => [c.code, c.id]));
  const today = todayUtc();
  const dates = (start: number, days: number) => ({ startDate: addDays(today, start), endDate: addDays(today, start + days - 1) });
  const styleIds = (slugs: string[]) => slugs.map((s) => styles.get(s)).filter((id): id is number => id !== undefined);

  for (const s of DEMO_SPOTS) {
    const studio = byEmail.get(s.studio);
    if (!studio) continue;
    // Without a city of its own a spot is at the studio's, as the form preselects it.
    const place: Partial<PlaceIds> = s.city ? (places.get(s.city) as PlaceIds) : {};
    await spots.create(
      studio,
      {
        title: s.title,
        description: s.description,
        ...dates(s.start, s.days),
        ...place,
        compensation: s.compensation,
        compensationDetails: s.details ?? null,
        places: s.places ?? 1,
        requirements: s.requirements ?? null,
        styleIds: styleIds(s.styles),
        isActive: s.active !== false,
      },
      'en',
    );
  }

  for (const a of DEMO_AVAILABILITIES) {
    const artist = byEmail.get(a.artist);
    if (!artist) continue;
    const place: PlaceIds = a.city
      ? (places.get(a.city) as PlaceIds)
      : { countryId: a.country ? (countryIds.get(a.country) ?? null) : null, cityId: null, cityName: null };
    await availabilities.create(
      artist,
      {
        title: a.title,
        description: a.description,
        ...dates(a.start, a.days),
        preferredLocation: a.location,
        countryId: place.countryId,
        cityId: place.cityId,
        styleIds: styleIds(a.styles),
        isActive: a.active !== false,
      },
      'en',
    );
  }
}

/** Each demo city's ids in the seeded tables, by the first of its names found there. */
async function findPlaces(db: Db): Promise<Map<DemoCity, PlaceIds>> {
  const entries = Object.entries(DEMO_CITIES) as [DemoCity, (typeof DEMO_CITIES)[DemoCity]][];
  const countries = await db.selectFrom('countries').select(['id', 'code']).where('code', 'in', [...new Set(entries.map(([, c]) => c.country))]).execute();
  const countryByCode = new Map(countries.map((c) => [c.code, c.id]));
  const cities = await db
    .selectFrom('cities')
    .select(['id', 'country_id', 'name'])
    .where('name', 'in', [...new Set(entries.flatMap(([, c]) => [...c.names]))])
    .orderBy('population', 'desc')
    .execute();
  const places = new Map<DemoCity, PlaceIds>();
  for (const [key, city] of entries) {
    const countryId = countryByCode.get(city.country) ?? null;
    const found = city.names.map((n) => cities.find((c) => c.country_id === countryId && c.name === n)).find((c) => c !== undefined);
    places.set(key, { countryId, cityId: found?.id ?? null, cityName: found?.name ?? city.names[0] });
  }
  return places;
}
