import type { Transaction } from 'kysely';
import { FORUM_CATEGORY_SLUGS, FORUM_QUESTION_CATEGORIES, type ForumCategorySlug } from '../../../common/forum';
import type { Database } from '../../db/schema';

type Texts = Record<'en' | 'de' | 'es' | 'fr' | 'pt', [name: string, description: string]>;

/** The forum's categories in the interface languages: name and one line on what belongs there. */
export const FORUM_CATEGORIES: Record<ForumCategorySlug, Texts> = {
  'guest-spots-travel': {
    en: ['Guest spots & travel', 'Finding studios abroad, travel and visas, housing, first weeks on the road.'],
    de: ['Gastspots & Reisen', 'Studios im Ausland finden, Reise und Visum, Unterkunft, die ersten Wochen unterwegs.'],
    es: ['Guest spots y viajes', 'Encontrar estudios en el extranjero, viajes y visados, alojamiento, las primeras semanas fuera.'],
    fr: ['Guest spots et voyages', 'Trouver des studios à l’étranger, voyage et visas, logement, les premières semaines sur la route.'],
    pt: ['Guest spots e viagens', 'Encontrar estúdios no estrangeiro, viagens e vistos, alojamento, as primeiras semanas na estrada.'],
  },
  'technique-machines': {
    en: ['Technique & machines', 'Needles, machines, inks, linework, shading, colour packing: ask and answer.'],
    de: ['Technik & Maschinen', 'Nadeln, Maschinen, Farben, Linework, Shading, Farbe einbringen: fragen und antworten.'],
    es: ['Técnica y máquinas', 'Agujas, máquinas, tintas, líneas, sombreado, relleno de color: pregunta y responde.'],
    fr: ['Technique et machines', 'Aiguilles, machines, encres, traits, ombrages, remplissage couleur : questions et réponses.'],
    pt: ['Técnica e máquinas', 'Agulhas, máquinas, tintas, linhas, sombreado, preenchimento de cor: pergunta e responde.'],
  },
  'hygiene-aftercare': {
    en: ['Hygiene & aftercare', 'Cross-contamination, sterilisation, regulations, healing and aftercare advice.'],
    de: ['Hygiene & Nachsorge', 'Kreuzkontamination, Sterilisation, Vorschriften, Heilung und Pflegehinweise.'],
    es: ['Higiene y cuidados', 'Contaminación cruzada, esterilización, normativas, curación y cuidados posteriores.'],
    fr: ['Hygiène et soins', 'Contamination croisée, stérilisation, réglementation, cicatrisation et conseils de soin.'],
    pt: ['Higiene e cuidados', 'Contaminação cruzada, esterilização, regulamentos, cicatrização e cuidados posteriores.'],
  },
  'business-studio-life': {
    en: ['Business & studio life', 'Pricing, deposits, bookings, taxes, running a studio and working with a team.'],
    de: ['Business & Studioalltag', 'Preise, Anzahlungen, Termine, Steuern, ein Studio führen und im Team arbeiten.'],
    es: ['Negocio y vida en el estudio', 'Precios, señales, citas, impuestos, llevar un estudio y trabajar en equipo.'],
    fr: ['Business et vie de studio', 'Tarifs, acomptes, rendez-vous, impôts, gérer un studio et travailler en équipe.'],
    pt: ['Negócio e vida de estúdio', 'Preços, sinais, marcações, impostos, gerir um estúdio e trabalhar em equipa.'],
  },
  'designs-critique': {
    en: ['Designs & critique', 'Show flash, sketches and healed work and get honest feedback.'],
    de: ['Designs & Kritik', 'Flash, Skizzen und abgeheilte Arbeiten zeigen und ehrliches Feedback bekommen.'],
    es: ['Diseños y crítica', 'Enseña flash, bocetos y trabajos curados y recibe opiniones sinceras.'],
    fr: ['Designs et critiques', 'Montre tes flashs, croquis et pièces cicatrisées et reçois un avis sincère.'],
    pt: ['Designs e crítica', 'Mostra flash, esboços e trabalhos cicatrizados e recebe opiniões sinceras.'],
  },
  'conventions-events': {
    en: ['Conventions & events', 'Conventions, seminars and meet-ups: who goes, booth sharing, reports.'],
    de: ['Conventions & Events', 'Conventions, Seminare und Treffen: wer fährt hin, Stände teilen, Berichte.'],
    es: ['Convenciones y eventos', 'Convenciones, seminarios y encuentros: quién va, compartir stand, crónicas.'],
    fr: ['Conventions et événements', 'Conventions, séminaires et rencontres : qui y va, partage de stand, comptes rendus.'],
    pt: ['Convenções e eventos', 'Convenções, seminários e encontros: quem vai, partilhar banca, relatos.'],
  },
  'introduce-yourself': {
    en: ['Introduce yourself', 'New here? Say hello and tell us about your work and your studio.'],
    de: ['Stell dich vor', 'Neu hier? Sag hallo und erzähl von deiner Arbeit und deinem Studio.'],
    es: ['Preséntate', '¿Nuevo por aquí? Saluda y cuéntanos sobre tu trabajo y tu estudio.'],
    fr: ['Présente-toi', 'Nouveau ici ? Dis bonjour et parle-nous de ton travail et de ton studio.'],
    pt: ['Apresenta-te', 'És novo por aqui? Diz olá e fala-nos do teu trabalho e do teu estúdio.'],
  },
  'about-this-platform': {
    en: ['About this platform', 'Questions, ideas and bug reports about Tattoo Guest Spots.'],
    de: ['Über diese Plattform', 'Fragen, Ideen und Fehlermeldungen rund um Tattoo Guest Spots.'],
    es: ['Sobre esta plataforma', 'Preguntas, ideas y errores sobre Tattoo Guest Spots.'],
    fr: ['À propos de la plateforme', 'Questions, idées et signalements de bugs sur Tattoo Guest Spots.'],
    pt: ['Sobre esta plataforma', 'Perguntas, ideias e erros sobre o Tattoo Guest Spots.'],
  },
};

/**
 * Keeps the forum's categories equal to the list on every start: a new database gets them all,
 * an older one the categories and texts added or corrected since. A category is never deleted
 * here (threads name it).
 */
export async function seedForumCategories(trx: Transaction<Database>): Promise<void> {
  const rows = FORUM_CATEGORY_SLUGS.map((slug, position) => {
    const t = FORUM_CATEGORIES[slug];
    return {
      slug,
      position,
      question_like: FORUM_QUESTION_CATEGORIES.includes(slug) ? 1 : 0,
      name_en: t.en[0], name_de: t.de[0], name_es: t.es[0], name_fr: t.fr[0], name_pt: t.pt[0],
      description_en: t.en[1], description_de: t.de[1], description_es: t.es[1], description_fr: t.fr[1], description_pt: t.pt[1],
    };
  });
  const stored = await trx.selectFrom('forum_categories').selectAll().execute();
  const bySlug = new Map(stored.map((row) => [row.slug, row]));
  for (const row of rows) {
    const old = bySlug.get(row.slug);
    if (!old) {
      await trx.insertInto('forum_categories').values(row).execute();
      continue;
    }
    const changed = (Object.keys(row) as (keyof typeof row)[]).some((key) => old[key] !== row[key]);
    if (changed) await trx.updateTable('forum_categories').set(row).where('id', '=', old.id).execute();
  }
}
