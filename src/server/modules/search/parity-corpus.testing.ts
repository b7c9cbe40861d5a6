import type { Language } from '../../../common/languages';
import type { SearchType } from '../../../common/schemas/search';

/**
 * A fixed corpus of 60 documents, twelve in each interface language, and 30 queries over it:
 * the parity test expects the same ids, in the same order, from SQLite and PostgreSQL.
 */
export interface CorpusDoc {
  refId: number;
  type: SearchType;
  language: Language;
  title: string;
  titleExtra?: string;
  body: string;
}

const rows: [Language, SearchType, string, string][] = [
  // English
  ['en', 'profiles', 'Mia Thornfield', 'London · Fine Line, Botanical · Fine line tattoos and delicate botanical designs, healed work in my portfolio.'],
  ['en', 'profiles', 'Black Anchor Tattoo', 'Manchester · Traditional · A studio for bold traditional tattooing since 2009, walk-ins welcome.'],
  ['en', 'guestspots', 'Guest spot in Brighton by the sea', 'Brighton · Blackwork · We are looking for a guest artist for two weeks in summer. Private room, busy shop.'],
  ['en', 'availabilities', 'Touring Europe this autumn', 'Berlin · Realism · I am travelling through Berlin, Vienna and Prague and booking realism portraits.'],
  ['en', 'profiles', 'Sam Okafor', 'Leeds · Dotwork, Geometric · Dotwork and geometric mandalas, patient work with a steady hand.'],
  ['en', 'guestspots', 'Tattooing convention week in Dublin', 'Dublin · Neo Traditional · Our studio hosts guests during the convention, tattooers of every style are welcome.'],
  ['en', 'availabilities', 'Available for guest spots in Scotland', 'Glasgow · Watercolor · Watercolour tattoos, colourful and soft, looking for studios in Edinburgh and Glasgow.'],
  ['en', 'profiles', 'Ink & Needle Collective', 'Bristol · Cover-up · Cover-ups and reworks of old tattoos are our speciality.'],
  ['en', 'guestspots', 'Winter guest spot, London Soho', 'London · Japanese · A Japanese-style studio in Soho offers a guest spot in December.'],
  ['en', 'availabilities', 'Flash days on the road', 'Amsterdam · Flash · Flash designs ready to tattoo, traveling to Amsterdam and Berlin.'],
  ['en', 'profiles', 'Olivia Hart', 'Cardiff · Lettering · Lettering and script tattoos, custom fonts drawn by hand.'],
  ['en', 'guestspots', 'Guest artists wanted for our new shop', 'York · Ornamental · New shop opening, we want guest artists with ornamental and blackwork portfolios.'],
  // German
  ['de', 'profiles', 'Lena Hoffmann', 'Berlin · Fine Line · Ich tätowiere seit zehn Jahren in Berlin-Neukölln, feine Linien und botanische Motive. Eine Tätowierung braucht Zeit.'],
  ['de', 'profiles', 'Nadelwerk Berlin', 'Berlin · Blackwork · Tattoostudio in Kreuzberg mit drei Arbeitsplätzen und einer Gastkabine.'],
  ['de', 'guestspots', 'Gastplatz Fine Line im Sommer', 'Berlin · Fine Line · Wir suchen zwei Gäste für zwei Wochen in unserem Studio in Kreuzberg.'],
  ['de', 'availabilities', 'Unterwegs in Süddeutschland', 'München · Realismus · Ich bin im Mai in München und Stuttgart und suche Gastplätze für Realismus.'],
  ['de', 'profiles', 'Jonas Weber', 'Hamburg · Blackwork · Schwarze Flächen, kräftige Linien, große Projekte über mehrere Sitzungen.'],
  ['de', 'guestspots', 'Gastplatz in Köln zur Messe', 'Köln · Traditional · Während der Tattoomesse suchen wir Gäste mit Traditional-Portfolio.'],
  ['de', 'availabilities', 'Gaststudios in Österreich gesucht', 'Wien · Dotwork · Im Herbst bin ich in Wien und Graz, Dotwork und Mandalas.'],
  ['de', 'profiles', 'Straßenkunst Tattoo', 'Leipzig · Graffiti · Farbenfrohe Tätowierungen im Graffiti-Stil aus Leipzig.'],
  ['de', 'guestspots', 'Großes Studio sucht Gastkünstler', 'Düsseldorf · Japanisch · Großes Studio in der Altstadt, fünf Plätze, japanische Großprojekte.'],
  ['de', 'availabilities', 'Cover-up Tage in Hamburg', 'Hamburg · Cover-up · Ich übernehme Cover-ups und Überarbeitungen alter Tätowierungen.'],
  ['de', 'profiles', 'Anna Schäfer', 'Dresden · Aquarell · Aquarell-Tattoos mit zarten Farbverläufen, Termine nach Absprache.'],
  ['de', 'guestspots', 'Gastplatz an der Ostsee', 'Rostock · Maritim · Kleines Studio am Hafen, maritime Motive und Schiffe sind willkommen.'],
  // Spanish
  ['es', 'profiles', 'Lucía Fernández', 'Madrid · Realismo · Soy tatuadora en Madrid, especializada en realismo y retratos en blanco y negro.'],
  ['es', 'profiles', 'Tinta Roja Estudio', 'Barcelona · Tradicional · Estudio de tatuaje en el Raval, tatuajes tradicionales y color.'],
  ['es', 'guestspots', 'Guest spot en Valencia este verano', 'Valencia · Blackwork · Buscamos tatuadores invitados para julio, cabina privada y clientela fija.'],
  ['es', 'availabilities', 'Disponible en Andalucía', 'Sevilla · Puntillismo · Viajo por Sevilla, Málaga y Granada con diseños de puntillismo.'],
  ['es', 'profiles', 'Diego Martín', 'Bilbao · Geométrico · Tatuajes geométricos y mandalas, trabajos grandes por sesiones.'],
  ['es', 'guestspots', 'Estudio en Madrid busca invitados', 'Madrid · Japonés · Estudio japonés en Malasaña busca tatuadores invitados en otoño.'],
  ['es', 'availabilities', 'Gira por Portugal y España', 'Lisboa · Acuarela · Tatuajes de acuarela, paso por Lisboa, Oporto y Vigo.'],
  ['es', 'profiles', 'Carmen Ruiz', 'Zaragoza · Lettering · Letras y caligrafía para tatuajes, diseños únicos.'],
  ['es', 'guestspots', 'Convención de tatuajes en Barcelona', 'Barcelona · Neotradicional · Durante la convención acogemos tatuadores de todos los estilos.'],
  ['es', 'availabilities', 'Tatuando en las islas', 'Palma · Fine Line · Tatuajes de línea fina en Mallorca y Tenerife durante el invierno.'],
  ['es', 'profiles', 'Pablo Núñez', 'Granada · Cover-up · Tapados y arreglos de tatuajes antiguos.'],
  ['es', 'guestspots', 'Plaza fija para tatuador invitado', 'Málaga · Realismo · Estudio junto al mar con plaza para un tatuador de realismo.'],
  // French
  ['fr', 'profiles', 'Camille Laurent', 'Paris · Fine Line · Tatoueuse à Paris, motifs floraux et lignes fines, tatouages délicats.'],
  ['fr', 'profiles', 'Encre Noire Studio', 'Lyon · Blackwork · Studio de tatouage à Lyon, grandes pièces en noir et ornementales.'],
  ['fr', 'guestspots', 'Poste invité à Marseille', 'Marseille · Traditionnel · Nous accueillons un tatoueur invité en juin, près du Vieux-Port.'],
  ['fr', 'availabilities', 'Tournée en Belgique', 'Bruxelles · Réalisme · Je serai à Bruxelles et Liège, portraits réalistes et animaux.'],
  ['fr', 'profiles', 'Hugo Moreau', 'Bordeaux · Dotwork · Dotwork et géométrie sacrée, séances longues.'],
  ['fr', 'guestspots', 'Studio à Nantes cherche invités', 'Nantes · Japonais · Studio japonais, tatoueurs invités bienvenus toute l’année.'],
  ['fr', 'availabilities', 'Disponible en Suisse', 'Genève · Aquarelle · Tatouages aquarelle à Genève et Lausanne en automne.'],
  ['fr', 'profiles', 'Élodie Girard', 'Lille · Lettrage · Lettrage et calligraphie, chaque tatouage est dessiné à la main.'],
  ['fr', 'guestspots', 'Convention de tatouage à Toulouse', 'Toulouse · Néo-traditionnel · Pendant la convention, nous recevons des tatoueurs de tous styles.'],
  ['fr', 'availabilities', 'Flash en tournée', 'Strasbourg · Flash · Flashs prêts à tatouer, de Strasbourg à Berlin.'],
  ['fr', 'profiles', 'Théo Lefèvre', 'Nice · Recouvrement · Recouvrements et retouches de vieux tatouages.'],
  ['fr', 'guestspots', 'Poste invité en Bretagne', 'Rennes · Maritime · Petit studio breton, motifs marins et bateaux.'],
  // Portuguese
  ['pt', 'profiles', 'Beatriz Costa', 'Lisboa · Fine Line · Sou tatuadora em Lisboa, especializada em traço fino e motivos botânicos.'],
  ['pt', 'profiles', 'Tinta Lusa Estúdio', 'Porto · Tradicional · Estúdio de tatuagem no Porto, tatuagens tradicionais a cores.'],
  ['pt', 'guestspots', 'Guest spot no Algarve', 'Faro · Blackwork · Procuramos tatuadores convidados para o verão, perto da praia.'],
  ['pt', 'availabilities', 'Disponível no Brasil', 'São Paulo · Realismo · Vou estar em São Paulo e no Rio de Janeiro com retratos realistas.'],
  ['pt', 'profiles', 'João Ferreira', 'Coimbra · Pontilhismo · Pontilhismo e geometria, sessões longas e pacientes.'],
  ['pt', 'guestspots', 'Estúdio em Lisboa procura convidados', 'Lisboa · Japonês · Estúdio japonês na Mouraria, convidados bem-vindos no outono.'],
  ['pt', 'availabilities', 'Tatuagens em aguarela pela Europa', 'Madrid · Aquarela · Tatuagens de aguarela, passagem por Madrid, Paris e Berlim.'],
  ['pt', 'profiles', 'Mariana Sousa', 'Braga · Lettering · Letras e caligrafia para tatuagens, desenhos únicos.'],
  ['pt', 'guestspots', 'Convenção de tatuagem no Porto', 'Porto · Neotradicional · Durante a convenção recebemos tatuadores de todos os estilos.'],
  ['pt', 'availabilities', 'Flash days nos Açores', 'Ponta Delgada · Flash · Desenhos flash prontos a tatuar nos Açores.'],
  ['pt', 'profiles', 'Tiago Rocha', 'Aveiro · Cobertura · Coberturas e restauros de tatuagens antigas.'],
  ['pt', 'guestspots', 'Vaga para tatuador convidado', 'Braga · Realismo · Estúdio no centro com vaga para um tatuador de realismo.'],
];

export const CORPUS: CorpusDoc[] = rows.map(([language, type, title, body], i) => ({ refId: i + 1, type, language, title, body }));

/** The day of the newest document; each next one is an hour older, so recency never ties. */
export const CORPUS_NEWEST = Date.parse('2030-01-01T12:00:00.000Z');

/**
 * A query, the searcher's language, and the ids it must find, best first (title hits, then the
 * newest). Among them: a German plural finding the singular, accents typed or not, a prefix,
 * words stemmed in another language than the document's, and FTS5 syntax as plain words.
 */
export const PARITY_QUERIES: [string, Language, number[]][] = [
  ['tätowierungen', 'de', [13, 20, 22]],
  ['tattoos', 'en', [2, 6, 20, 1, 7, 8, 10, 11, 14, 23]],
  ['berlin', 'de', [14, 4, 10, 13, 15, 46]],
  ['Berlin', 'en', [14, 4, 10, 13, 15, 46]],
  ['fine line', 'en', [15, 1, 13, 34, 37, 49]],
  ['realismo', 'es', [4, 25, 36, 40, 52, 60]],
  ['réalisme', 'fr', [4, 25, 36, 40, 52, 60]],
  ['tatuagens', 'pt', [55, 50, 56, 59]],
  ['tatouage', 'fr', [45, 37, 38, 43, 44, 47]],
  ['lisboa', 'pt', [54, 31, 49]],
  ['strasse', 'de', [20]],
  ['Straßenkunst', 'de', [20]],
  ['gastpl', 'de', [15, 18, 24, 16]],
  ['guest spot', 'en', [3, 7, 9, 27, 51]],
  ['convention', 'fr', [6, 45]],
  ['convención', 'es', [33]],
  ['japanese studio', 'en', [9]],
  ['watercolour', 'en', [7]],
  ['aquarela', 'pt', [43, 55]],
  ['dotwork', 'de', [5, 19, 41]],
  ['cover-up', 'en', [22, 8, 35]],
  ['NEAR(berlin', 'en', []],
  ['"fine" AND line*', 'en', [1]],
  ['münchen', 'de', [16]],
  ['munchen', 'de', [16]],
  ['sao paulo', 'pt', [52]],
  ['porto', 'pt', [57, 39, 50]],
  ['studio', 'en', [21, 38, 42, 2, 6, 7, 9, 15, 24, 48]],
  ['tatuador', 'es', [36, 60, 25, 27, 30, 33, 49, 51, 57]],
  ['große projekte', 'de', [17]],
];
