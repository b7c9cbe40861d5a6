import type { Insertable } from 'kysely';
import type { StylesTable } from '../../db/schema';

/**
 * Tattoo styles, written by the project. Slugs are stable identifiers (links and filters keep
 * working when a name is reworded). Names follow what tattooists actually say in each
 * language, which is often the English term.
 */
export const STYLES: Insertable<StylesTable>[] = [
  { slug: 'traditional', name_en: 'Traditional / Old School', name_de: 'Traditional / Old School', name_es: 'Tradicional / Old School', name_fr: 'Traditionnel / Old School', name_pt: 'Tradicional / Old School' },
  { slug: 'neo-traditional', name_en: 'Neo-Traditional', name_de: 'Neo Traditional', name_es: 'Neotradicional', name_fr: 'Néo-traditionnel', name_pt: 'Neotradicional' },
  { slug: 'realism', name_en: 'Realism', name_de: 'Realismus', name_es: 'Realismo', name_fr: 'Réalisme', name_pt: 'Realismo' },
  { slug: 'color-realism', name_en: 'Color Realism', name_de: 'Farbrealismus', name_es: 'Realismo a color', name_fr: 'Réalisme couleur', name_pt: 'Realismo colorido' },
  { slug: 'micro-realism', name_en: 'Micro Realism', name_de: 'Mikrorealismus', name_es: 'Microrrealismo', name_fr: 'Micro-réalisme', name_pt: 'Microrrealismo' },
  { slug: 'black-and-grey', name_en: 'Black & Grey', name_de: 'Black & Grey', name_es: 'Black & Grey', name_fr: 'Black & Grey', name_pt: 'Black & Grey' },
  { slug: 'blackwork', name_en: 'Blackwork', name_de: 'Blackwork', name_es: 'Blackwork', name_fr: 'Blackwork', name_pt: 'Blackwork' },
  { slug: 'blackout', name_en: 'Blackout', name_de: 'Blackout', name_es: 'Blackout', name_fr: 'Blackout', name_pt: 'Blackout' },
  { slug: 'dotwork', name_en: 'Dotwork', name_de: 'Dotwork', name_es: 'Dotwork', name_fr: 'Dotwork', name_pt: 'Dotwork' },
  { slug: 'linework', name_en: 'Linework', name_de: 'Linework', name_es: 'Linework', name_fr: 'Linework', name_pt: 'Linework' },
  { slug: 'fine-line', name_en: 'Fine Line', name_de: 'Fine Line', name_es: 'Fine Line', name_fr: 'Fine Line', name_pt: 'Fine Line' },
  { slug: 'single-needle', name_en: 'Single Needle', name_de: 'Single Needle', name_es: 'Single Needle', name_fr: 'Single Needle', name_pt: 'Single Needle' },
  { slug: 'geometric', name_en: 'Geometric', name_de: 'Geometrisch', name_es: 'Geométrico', name_fr: 'Géométrique', name_pt: 'Geométrico' },
  { slug: 'mandala', name_en: 'Mandala', name_de: 'Mandala', name_es: 'Mandala', name_fr: 'Mandala', name_pt: 'Mandala' },
  { slug: 'ornamental', name_en: 'Ornamental', name_de: 'Ornamental', name_es: 'Ornamental', name_fr: 'Ornemental', name_pt: 'Ornamental' },
  { slug: 'japanese', name_en: 'Japanese (Irezumi)', name_de: 'Japanisch (Irezumi)', name_es: 'Japonés (Irezumi)', name_fr: 'Japonais (Irezumi)', name_pt: 'Japonês (Irezumi)' },
  { slug: 'neo-japanese', name_en: 'Neo-Japanese', name_de: 'Neo-Japanisch', name_es: 'Neojaponés', name_fr: 'Néo-japonais', name_pt: 'Neojaponês' },
  { slug: 'watercolor', name_en: 'Watercolor', name_de: 'Aquarell', name_es: 'Acuarela', name_fr: 'Aquarelle', name_pt: 'Aquarela' },
  { slug: 'tribal', name_en: 'Tribal', name_de: 'Tribal', name_es: 'Tribal', name_fr: 'Tribal', name_pt: 'Tribal' },
  { slug: 'polynesian', name_en: 'Polynesian', name_de: 'Polynesisch', name_es: 'Polinesio', name_fr: 'Polynésien', name_pt: 'Polinésio' },
  { slug: 'celtic', name_en: 'Celtic', name_de: 'Keltisch', name_es: 'Celta', name_fr: 'Celtique', name_pt: 'Celta' },
  { slug: 'new-school', name_en: 'New School', name_de: 'New School', name_es: 'New School', name_fr: 'New School', name_pt: 'New School' },
  { slug: 'trash-polka', name_en: 'Trash Polka', name_de: 'Trash Polka', name_es: 'Trash Polka', name_fr: 'Trash Polka', name_pt: 'Trash Polka' },
  { slug: 'chicano', name_en: 'Chicano', name_de: 'Chicano', name_es: 'Chicano', name_fr: 'Chicano', name_pt: 'Chicano' },
  { slug: 'lettering', name_en: 'Lettering', name_de: 'Lettering', name_es: 'Lettering', name_fr: 'Lettrage', name_pt: 'Lettering' },
  { slug: 'script', name_en: 'Script', name_de: 'Schriftzüge (Script)', name_es: 'Caligrafía (Script)', name_fr: 'Calligraphie (Script)', name_pt: 'Caligrafia (Script)' },
  { slug: 'minimalist', name_en: 'Minimalist', name_de: 'Minimalistisch', name_es: 'Minimalista', name_fr: 'Minimaliste', name_pt: 'Minimalista' },
  { slug: 'illustrative', name_en: 'Illustrative', name_de: 'Illustrativ', name_es: 'Ilustrativo', name_fr: 'Illustratif', name_pt: 'Ilustrativo' },
  { slug: 'sketch', name_en: 'Sketch', name_de: 'Sketch', name_es: 'Sketch', name_fr: 'Sketch', name_pt: 'Sketch' },
  { slug: 'abstract', name_en: 'Abstract', name_de: 'Abstrakt', name_es: 'Abstracto', name_fr: 'Abstrait', name_pt: 'Abstrato' },
  { slug: 'surrealism', name_en: 'Surrealism', name_de: 'Surrealismus', name_es: 'Surrealismo', name_fr: 'Surréalisme', name_pt: 'Surrealismo' },
  { slug: 'biomechanical', name_en: 'Biomechanical', name_de: 'Biomechanik', name_es: 'Biomecánico', name_fr: 'Biomécanique', name_pt: 'Biomecânico' },
  { slug: 'portrait', name_en: 'Portrait', name_de: 'Porträt', name_es: 'Retrato', name_fr: 'Portrait', name_pt: 'Retrato' },
  { slug: 'anime', name_en: 'Anime / Manga', name_de: 'Anime / Manga', name_es: 'Anime / Manga', name_fr: 'Anime / Manga', name_pt: 'Anime / Mangá' },
  { slug: 'cartoon', name_en: 'Cartoon', name_de: 'Cartoon', name_es: 'Cartoon', name_fr: 'Cartoon', name_pt: 'Cartoon' },
  { slug: 'ignorant', name_en: 'Ignorant Style', name_de: 'Ignorant Style', name_es: 'Ignorant Style', name_fr: 'Ignorant Style', name_pt: 'Ignorant Style' },
  { slug: 'dark-art', name_en: 'Dark Art', name_de: 'Dark Art', name_es: 'Dark Art', name_fr: 'Dark Art', name_pt: 'Dark Art' },
  { slug: 'white-ink', name_en: 'White Ink', name_de: 'White Ink', name_es: 'Tinta blanca', name_fr: 'Encre blanche', name_pt: 'Tinta branca' },
  { slug: 'handpoke', name_en: 'Handpoke', name_de: 'Handpoke', name_es: 'Handpoke', name_fr: 'Handpoke', name_pt: 'Handpoke' },
  { slug: 'cover-up', name_en: 'Cover-up', name_de: 'Cover-up', name_es: 'Cover-up', name_fr: 'Cover-up', name_pt: 'Cover-up' },
];
