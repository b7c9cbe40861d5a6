import type { Language } from '../../../../common/languages';
import type { MotifKey } from './designs';
import type { Placement } from './skin';

/**
 * Captions for the demo portfolio in the author's language, written from what the picture
 * shows: its motif, where on the body it sits, whether it is fresh or healed. A fresh piece is
 * never called healed, and a season is named only when the picture's date lies in it
 * (northern hemisphere: December to February is winter).
 */

type Words = Record<Language, string>;

export const MOTIF_NAMES: Record<MotifKey, Words> = {
  wildflowers: { de: 'Wildblumen', en: 'Wildflowers', es: 'Flores silvestres', fr: 'Fleurs sauvages', pt: 'Flores silvestres' },
  fern: { de: 'Farn', en: 'Fern', es: 'Helecho', fr: 'Fougère', pt: 'Feto' },
  olive: { de: 'Olivenzweig', en: 'Olive branch', es: 'Rama de olivo', fr: 'Branche d’olivier', pt: 'Ramo de oliveira' },
  lavender: { de: 'Lavendel', en: 'Lavender', es: 'Lavanda', fr: 'Lavande', pt: 'Lavanda' },
  eucalyptus: { de: 'Eukalyptuszweig', en: 'Eucalyptus sprig', es: 'Rama de eucalipto', fr: 'Branche d’eucalyptus', pt: 'Ramo de eucalipto' },
  moonPhases: { de: 'Mondphasen', en: 'Moon phases', es: 'Fases lunares', fr: 'Phases de lune', pt: 'Fases da lua' },
  constellation: { de: 'Sternbild', en: 'Constellation', es: 'Constelación', fr: 'Constellation', pt: 'Constelação' },
  mountains: { de: 'Berge im Kreis', en: 'Mountains in a circle', es: 'Montañas en un círculo', fr: 'Montagnes dans un cercle', pt: 'Montanhas num círculo' },
  paperPlane: { de: 'Papierflieger', en: 'Paper plane', es: 'Avión de papel', fr: 'Avion en papier', pt: 'Avião de papel' },
  sun: { de: 'Kleine Sonne', en: 'Little sun', es: 'Pequeño sol', fr: 'Petit soleil', pt: 'Pequeno sol' },
  rose: { de: 'Rose', en: 'Rose', es: 'Rosa', fr: 'Rose', pt: 'Rosa' },
  daggerRose: { de: 'Dolch mit Rose', en: 'Dagger and rose', es: 'Daga con rosa', fr: 'Dague et rose', pt: 'Punhal com rosa' },
  swallow: { de: 'Schwalbe', en: 'Swallow', es: 'Golondrina', fr: 'Hirondelle', pt: 'Andorinha' },
  swallows: { de: 'Zwei Schwalben', en: 'Pair of swallows', es: 'Dos golondrinas', fr: 'Deux hirondelles', pt: 'Duas andorinhas' },
  anchor: { de: 'Anker', en: 'Anchor', es: 'Ancla', fr: 'Ancre', pt: 'Âncora' },
  heartBanner: { de: 'Herz mit Banner', en: 'Heart and banner', es: 'Corazón con cinta', fr: 'Cœur et banderole', pt: 'Coração com faixa' },
  sacredHeart: { de: 'Sacred Heart', en: 'Sacred heart', es: 'Sagrado corazón', fr: 'Sacré-cœur', pt: 'Sagrado coração' },
  butterfly: { de: 'Schmetterling', en: 'Butterfly', es: 'Mariposa', fr: 'Papillon', pt: 'Borboleta' },
  mandala: { de: 'Mandala', en: 'Mandala', es: 'Mandala', fr: 'Mandala', pt: 'Mandala' },
  chandelier: { de: 'Hängendes Mandala in Dotwork', en: 'Dotwork mandala drop', es: 'Mandala colgante en dotwork', fr: 'Mandala en pendentif, dotwork', pt: 'Mandala pendente em dotwork' },
  ornament: { de: 'Ornament', en: 'Ornamental piece', es: 'Ornamento', fr: 'Ornement', pt: 'Ornamento' },
  moth: { de: 'Nachtfalter', en: 'Moth', es: 'Polilla', fr: 'Papillon de nuit', pt: 'Mariposa noturna' },
  snake: { de: 'Schlange', en: 'Snake', es: 'Serpiente', fr: 'Serpent', pt: 'Serpente' },
  armband: { de: 'Armband', en: 'Armband', es: 'Brazalete', fr: 'Bracelet', pt: 'Bracelete' },
  leaves: { de: 'Blätter in Blackwork', en: 'Blackwork leaves', es: 'Hojas en blackwork', fr: 'Feuillage blackwork', pt: 'Folhas em blackwork' },
  lettering: { de: 'Schriftzug „{{words}}“', en: 'Lettering “{{words}}”', es: 'Lettering «{{words}}»', fr: 'Lettrage « {{words}} »', pt: 'Lettering “{{words}}”' },
  koi: { de: 'Koi', en: 'Koi', es: 'Koi', fr: 'Carpe koï', pt: 'Carpa koi' },
  peony: { de: 'Pfingstrose', en: 'Peony', es: 'Peonía', fr: 'Pivoine', pt: 'Peónia' },
  wave: { de: 'Japanische Welle', en: 'Japanese wave', es: 'Ola japonesa', fr: 'Vague japonaise', pt: 'Onda japonesa' },
  eye: { de: 'Auge', en: 'Eye', es: 'Ojo', fr: 'Œil', pt: 'Olho' },
  skull: { de: 'Totenkopf', en: 'Skull', es: 'Calavera', fr: 'Crâne', pt: 'Caveira' },
  watch: { de: 'Taschenuhr', en: 'Pocket watch', es: 'Reloj de bolsillo', fr: 'Montre à gousset', pt: 'Relógio de bolso' },
  statue: { de: 'Statue', en: 'Statue', es: 'Estatua', fr: 'Statue', pt: 'Estátua' },
  flowerOfLife: { de: 'Blume des Lebens', en: 'Flower of life', es: 'Flor de la vida', fr: 'Fleur de vie', pt: 'Flor da vida' },
  geometricMountains: { de: 'Geometrische Berge', en: 'Geometric mountains', es: 'Montañas geométricas', fr: 'Montagnes géométriques', pt: 'Montanhas geométricas' },
  polyhedron: { de: 'Geometrisches Motiv', en: 'Geometric piece', es: 'Pieza geométrica', fr: 'Pièce géométrique', pt: 'Peça geométrica' },
  fox: { de: 'Fuchs', en: 'Fox', es: 'Zorro', fr: 'Renard', pt: 'Raposa' },
  feather: { de: 'Feder', en: 'Feather', es: 'Pluma', fr: 'Plume', pt: 'Pena' },
};

export const PLACES: Record<Placement, Words> = {
  forearm: { de: 'am Unterarm', en: 'on the forearm', es: 'en el antebrazo', fr: 'sur l’avant-bras', pt: 'no antebraço' },
  upperArm: { de: 'am Oberarm', en: 'on the upper arm', es: 'en el brazo', fr: 'sur le haut du bras', pt: 'no braço' },
  calf: { de: 'an der Wade', en: 'on the calf', es: 'en el gemelo', fr: 'sur le mollet', pt: 'na barriga da perna' },
  thigh: { de: 'am Oberschenkel', en: 'on the thigh', es: 'en el muslo', fr: 'sur la cuisse', pt: 'na coxa' },
  wrist: { de: 'am Handgelenk', en: 'on the wrist', es: 'en la muñeca', fr: 'au poignet', pt: 'no pulso' },
  back: { de: 'auf dem Rücken', en: 'on the back', es: 'en la espalda', fr: 'dans le dos', pt: 'nas costas' },
  shoulder: { de: 'auf der Schulter', en: 'on the shoulder', es: 'en el hombro', fr: 'sur l’épaule', pt: 'no ombro' },
  ribs: { de: 'an den Rippen', en: 'on the ribs', es: 'en las costillas', fr: 'sur les côtes', pt: 'nas costelas' },
};

// The templates never make a word agree with the motif's gender ("fresh" or "healed" describe
// the session or the skin, not the rose), so any motif fits any template.
const FRESH: Record<Language, string[]> = {
  de: ['{{Motif}} {{place}}, frisch gestochen', 'Heute gestochen: {{motif}} {{place}}', 'Frisch aus der Sitzung: {{motif}} {{place}}'],
  en: ['{{Motif}} {{place}}, fresh from today’s session', 'Tattooed today: {{motif}} {{place}}', 'Fresh one: {{motif}} {{place}}'],
  es: ['Sesión de hoy: {{motif}} {{place}}', 'Hoy en el estudio: {{motif}} {{place}}', 'Justo después de la sesión: {{motif}} {{place}}'],
  fr: ['Séance du jour : {{motif}} {{place}}', 'Aujourd’hui au studio : {{motif}} {{place}}', 'Juste après la séance : {{motif}} {{place}}'],
  pt: ['Sessão de hoje: {{motif}} {{place}}', 'Hoje no estúdio: {{motif}} {{place}}', 'Logo depois da sessão: {{motif}} {{place}}'],
};

const HEALED: Record<Language, string[]> = {
  de: ['{{Motif}} {{place}}, abgeheilt', 'Abgeheilt nach ein paar Wochen: {{motif}} {{place}}', 'So sieht es verheilt aus: {{motif}} {{place}}'],
  en: ['{{Motif}} {{place}}, healed', 'Healed after a few weeks: {{motif}} {{place}}', 'How it looks healed: {{motif}} {{place}}'],
  es: ['{{Motif}} {{place}}, tras la cicatrización', 'Así queda tras cicatrizar: {{motif}} {{place}}'],
  fr: ['{{Motif}} {{place}}, après cicatrisation', 'Une fois cicatrisé, ça donne ça : {{motif}} {{place}}'],
  pt: ['{{Motif}} {{place}}, depois de cicatrizar', 'Assim fica depois de cicatrizar: {{motif}} {{place}}'],
};

const ANY: Record<Language, string[]> = {
  de: ['{{Motif}} {{place}}', '{{Motif}} {{place}} – {{style}}', 'Eigenes Design: {{motif}} {{place}}', 'Danke für euer Vertrauen! {{Motif}} {{place}}', 'Entstanden auf einem Gastspot: {{motif}} {{place}}'],
  en: ['{{Motif}} {{place}}', '{{Motif}} {{place}} – {{style}}', 'Custom design: {{motif}} {{place}}', 'Thanks for the trust! {{Motif}} {{place}}', 'Made on a guest spot: {{motif}} {{place}}'],
  es: ['{{Motif}} {{place}}', '{{Motif}} {{place}} – {{style}}', 'Diseño propio: {{motif}} {{place}}', '¡Gracias por la confianza! {{Motif}} {{place}}', 'Hecho en un guest spot: {{motif}} {{place}}'],
  fr: ['{{Motif}} {{place}}', '{{Motif}} {{place}} – {{style}}', 'Création perso : {{motif}} {{place}}', 'Merci pour la confiance ! {{Motif}} {{place}}', 'Réalisé pendant un guest spot : {{motif}} {{place}}'],
  pt: ['{{Motif}} {{place}}', '{{Motif}} {{place}} – {{style}}', 'Desenho próprio: {{motif}} {{place}}', 'Agradeço a confiança! {{Motif}} {{place}}', 'Feito num guest spot: {{motif}} {{place}}'],
};

export type Season = 'winter' | 'spring' | 'summer' | 'autumn';

const SEASONAL: Record<Language, Record<Season, string>> = {
  de: { winter: 'Winterprojekt: {{motif}} {{place}}', spring: 'Frühlingsprojekt: {{motif}} {{place}}', summer: 'Sommerprojekt: {{motif}} {{place}}', autumn: 'Herbstprojekt: {{motif}} {{place}}' },
  en: { winter: 'Winter project: {{motif}} {{place}}', spring: 'Spring project: {{motif}} {{place}}', summer: 'Summer project: {{motif}} {{place}}', autumn: 'Autumn project: {{motif}} {{place}}' },
  es: { winter: 'Proyecto de invierno: {{motif}} {{place}}', spring: 'Proyecto de primavera: {{motif}} {{place}}', summer: 'Proyecto de verano: {{motif}} {{place}}', autumn: 'Proyecto de otoño: {{motif}} {{place}}' },
  fr: { winter: 'Projet d’hiver : {{motif}} {{place}}', spring: 'Projet de printemps : {{motif}} {{place}}', summer: 'Projet d’été : {{motif}} {{place}}', autumn: 'Projet d’automne : {{motif}} {{place}}' },
  pt: { winter: 'Projeto de inverno: {{motif}} {{place}}', spring: 'Projeto de primavera: {{motif}} {{place}}', summer: 'Projeto de verão: {{motif}} {{place}}', autumn: 'Projeto de outono: {{motif}} {{place}}' },
};

/** Words that name a season (or its feast) in each language: what the seed test looks for. */
export const SEASON_WORDS: Record<Language, Record<Season, RegExp>> = {
  de: { winter: /winter|weihnacht/i, spring: /frühling/i, summer: /sommer/i, autumn: /herbst/i },
  en: { winter: /winter|christmas/i, spring: /spring/i, summer: /summer/i, autumn: /autumn/i },
  es: { winter: /invierno|navidad/i, spring: /primavera/i, summer: /verano/i, autumn: /otoño/i },
  fr: { winter: /hiver|noël/i, spring: /printemps/i, summer: /(^|[^\p{L}])été([^\p{L}]|$)/iu, autumn: /automne/i },
  pt: { winter: /inverno|natal/i, spring: /primavera/i, summer: /verão/i, autumn: /outono/i },
};

/** Words that say a tattoo has healed, per language. */
export const HEALED_WORDS: Record<Language, RegExp> = {
  de: /heil/i,
  en: /heal/i,
  es: /cicatriz/i,
  fr: /cicatris/i,
  pt: /cicatriz/i,
};

/** The season of a date in the northern hemisphere, by its month in UTC. */
export function seasonOf(date: Date): Season {
  const month = date.getUTCMonth();
  if (month === 11 || month <= 1) return 'winter';
  if (month <= 4) return 'spring';
  if (month <= 7) return 'summer';
  return 'autumn';
}

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
const titleCase = (text: string) =>
  text
    .toLowerCase()
    .split(' ')
    .map((w) => capitalise(w))
    .join(' ');

export interface CaptionInput {
  lang: Language;
  motif: MotifKey;
  words?: string;
  placement: Placement;
  fresh: boolean;
  date: Date;
  style: string;
  /** Picks the template: the same choice gives the same caption. */
  choice: number;
}

export function captionFor(input: CaptionInput): string {
  const { lang, choice } = input;
  const own = input.fresh ? FRESH[lang] : HEALED[lang];
  // Roughly: two in five say fresh or healed, one in seven names its season, the rest neither.
  const slot = choice % 7;
  const template =
    slot === 0 ? SEASONAL[lang][seasonOf(input.date)] : slot <= 3 ? (own[choice % own.length] as string) : (ANY[lang][choice % ANY[lang].length] as string);
  let motif = MOTIF_NAMES[input.motif][lang].replace('{{words}}', titleCase(input.words ?? ''));
  // German nouns keep their capital after a colon; the other languages write the motif small there.
  const small = lang === 'de' ? motif : motif.charAt(0).toLocaleLowerCase() + motif.slice(1);
  motif = capitalise(motif);
  return template.replace('{{Motif}}', motif).replace('{{motif}}', small).replace('{{place}}', PLACES[input.placement][lang]).replace('{{style}}', input.style);
}
