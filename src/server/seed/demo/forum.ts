import { forumPostPath, forumThreadPath, type ForumCategorySlug } from '../../../common/forum';
import type { Db } from '../../db/index';
import { RENDERER_VERSION, renderMarkdown, threadSlug } from '../../modules/forum/index';
import { indexThread } from '../../modules/search/index';
import { loadDemoAccounts } from './demo-accounts';

/** A reply: who (a demo e-mail name), what, how many hours after the thread, and who liked it. */
interface DemoReply {
  by: string;
  body: string;
  hours: number;
  likes?: string[];
}

/** A demo thread: its author, category, language, text, when (days before the seeding) and its replies. */
interface DemoThread {
  by: string;
  in: ForumCategorySlug;
  lang: 'en' | 'de' | 'es' | 'fr' | 'pt';
  title: string;
  body: string;
  daysAgo: number;
  replies: DemoReply[];
  likes?: string[];
  /** Index of the reply its author marked as the answer (question-like categories). */
  answer?: number;
  pinned?: boolean;
}

/**
 * What artists and studio owners talk about: guest spot travel, machines, aftercare, pricing,
 * conventions. Written in the authors' languages; one question is answered, Lena is mentioned
 * (so her bell shows it), the platform's welcome thread is pinned.
 */
export const DEMO_FORUM: DemoThread[] = [
  {
    by: 'admin', in: 'about-this-platform', lang: 'en', daysAgo: 60, pinned: true,
    title: 'Welcome to the forum: how it works',
    body: 'Hi everyone! This is the place to **swap tips** about guest spots, machines, aftercare and studio life.\n\n- Be kind and stay on topic\n- No advertising outside *Introduce yourself*\n- Report anything that breaks the rules, we look at every report\n\nQuestions in *Technique & machines* and *Hygiene & aftercare* can get an answer marked by whoever asked.',
    likes: ['lena', 'studio', 'anker', 'carla'],
    replies: [{ by: 'lena', body: 'Great idea, finally something better than the Facebook groups. 🙌', hours: 3, likes: ['studio'] }],
  },
  {
    by: 'admin', in: 'about-this-platform', lang: 'de', daysAgo: 59,
    title: 'Willkommen im Forum – so funktioniert es',
    body: 'Hallo zusammen! Hier tauscht ihr euch über **Gastspots, Technik, Hygiene und Studioalltag** aus. Bitte bleibt freundlich und beim Thema. Fragen in *Technik & Maschinen* und *Hygiene & Nachsorge* können als beantwortet markiert werden.',
    replies: [{ by: 'studio', body: 'Danke fürs Aufsetzen! Wir schauen hier regelmäßig rein.', hours: 5 }],
  },
  {
    by: 'lena', in: 'guest-spots-travel', lang: 'de', daysAgo: 21,
    title: 'Erster Gastspot in Lissabon – worauf achten?',
    body: 'Ich habe im Juni zwei Wochen in Lissabon. Wie handhabt ihr das mit **Anzahlungen**, Unterkunft und den Farben? Darf man da eigene Farben mitbringen?',
    likes: ['carla', 'ines'],
    replies: [
      { by: 'ines', body: 'Bem-vinda! Bring deine Farben ruhig mit, aber nimm die REACH-konformen Flaschen und lass die Rechnungen im Koffer. Unterkunft: Alfama ist schön, aber laut – Arroios ist ruhiger.', hours: 4, likes: ['lena', 'casadaagulha'] },
      { by: 'casadaagulha', body: 'Bei uns übernimmt das Studio die Anzahlungen über unser Buchungssystem, du bekommst sie am ersten Tag ausgezahlt. Schreib uns gern direkt!', hours: 9, likes: ['lena'] },
      { by: 'lena', body: 'Perfekt, danke euch beiden! Dann buche ich in Arroios.', hours: 26 },
    ],
  },
  {
    by: 'theo', in: 'guest-spots-travel', lang: 'fr', daysAgo: 18,
    title: 'Guest spot en Allemagne : quels papiers pour un tatoueur français ?',
    body: 'Je pars trois semaines à Berlin en septembre. Est-ce qu’il faut déclarer quelque chose au *Gesundheitsamt* ou le studio s’en occupe ?',
    replies: [
      { by: 'studio', body: 'Bei uns in Berlin meldet das Studio die Gäste beim Gesundheitsamt an – wir brauchen nur eine Kopie deines Hygienezertifikats. Pour un citoyen de l’UE, rien de plus.', hours: 6, likes: ['theo'] },
      { by: 'clara', body: 'Pareil pour moi à Hambourg l’an dernier. Pense à prendre ton certificat en anglais, ça évite les questions.', hours: 30 },
    ],
  },
  {
    by: 'carla', in: 'guest-spots-travel', lang: 'es', daysAgo: 15,
    title: '¿Cuánto cobráis por día en un guest spot?',
    body: 'Estoy preparando mi primera gira por Alemania y Austria. ¿El estudio se queda normalmente con el 30 %, el 40 % o el 50 %? ¿Y quién paga el material?',
    replies: [
      { by: 'tintanegra', body: 'Aquí en Barcelona trabajamos con 60/40 para el artista y el estudio pone agujas, film y limpieza. Las tintas las trae cada uno.', hours: 2, likes: ['carla', 'ruben'] },
      { by: 'wienertinte', body: 'In Wien sind 50/50 üblich, dafür stellen wir alles außer Farben und kümmern uns um die Terminplanung.', hours: 20, likes: ['carla'] },
      { by: 'ruben', body: 'Mi experiencia en Colonia: 60/40 y piso gratis encima del estudio. Pregunta siempre por el alojamiento.', hours: 40 },
    ],
  },
  {
    by: 'anouk', in: 'guest-spots-travel', lang: 'en', daysAgo: 12,
    title: 'Travelling with a machine bag: hand luggage or checked?',
    body: 'Flying Amsterdam to Lisbon next month. Has anyone had trouble taking rotary machines and power supplies in **hand luggage**?',
    replies: [
      { by: 'freja', body: 'Always hand luggage. Take the batteries out, pack them separately and keep a printed invoice for the power supply. Never had a problem in Copenhagen or Berlin.', hours: 3, likes: ['anouk', 'kasia'] },
      { by: 'kasia', body: 'Same, but needles and cartridges go in the checked bag – security in Kraków once took my sealed cartridges.', hours: 11, likes: ['anouk'] },
    ],
  },
  {
    by: 'jonas.weber', in: 'guest-spots-travel', lang: 'de', daysAgo: 9,
    title: 'Gastspot-Tour Skandinavien im Herbst – wer hat Tipps?',
    body: 'Ich plane Oslo, Kopenhagen und Stockholm für Oktober. Welche Studios nehmen Blackwork-Gäste und wie lange vorher sollte man anfragen?',
    replies: [
      { by: 'freja', body: 'Kopenhagen: mindestens vier Monate vorher anfragen, im Herbst ist alles voll. Ich kann dir zwei Studios nennen, schreib mir!', hours: 8, likes: ['jonas.weber'] },
      { by: 'sebastian.wolf', body: 'Oslo ist teuer – rechne die Unterkunft vorher gegen deine Preise, sonst bleibt nicht viel übrig.', hours: 50 },
    ],
  },
  {
    by: 'marco', in: 'guest-spots-travel', lang: 'en', daysAgo: 7,
    title: 'Guest spot contracts: do you sign anything?',
    body: 'Some studios send me a two-page contract, others just a WhatsApp message. What do you put in writing?',
    replies: [
      { by: 'anker', body: 'We write down dates, split, who pays materials, cancellation rules and who owns the bookings. Half a page is enough, but always in writing.', hours: 5, likes: ['marco', 'studio', 'lena'] },
      { by: 'luca.meier', body: 'Add what happens with deposits if you get sick. That one saved me last year.', hours: 12, likes: ['marco'] },
    ],
  },
  {
    by: 'mia.schneider', in: 'technique-machines', lang: 'de', daysAgo: 30, answer: 0,
    title: 'Welche Nadel für feine Fine-Line-Schriftzüge?',
    body: 'Ich steche viel Fine Line und kleine Schriftzüge. Nehmt ihr eher eine **1RL** oder eine **3RL**? Bei der 1RL laufen mir die Linien nach ein paar Monaten leicht aus.',
    replies: [
      { by: 'lena', body: 'Für Schrift unter 5 mm nehme ich eine 3RL Bugpin mit wenig Hub (2,5 mm) und langsamem Zug. Die 1RL sieht frisch super aus, hält aber selten – die 3RL bleibt auf Dauer sauberer.', hours: 2, likes: ['mia.schneider', 'noah.fischer', 'jule', 'sophie.becker'] },
      { by: 'noah.fischer', body: 'Kann ich bestätigen. Und Haut gut spannen, sonst hilft keine Nadel.', hours: 7, likes: ['mia.schneider'] },
      { by: 'mia.schneider', body: 'Habe die 3RL Bugpin jetzt zwei Wochen benutzt – deutlich ruhigere Linien. Danke!', hours: 200 },
    ],
  },
  {
    by: 'kolja.petrov', in: 'technique-machines', lang: 'en', daysAgo: 27,
    title: 'Rotary stroke length for whip shading?',
    body: 'I switched from coils to a rotary with adjustable stroke. What stroke do you use for whip shading on black and grey?',
    replies: [
      { by: 'jonas.weber', body: '3.5 mm for packing, 2.8–3.0 for whip shading. Lower voltage and a faster hand.', hours: 4, likes: ['kolja.petrov', 'paul.richter'] },
      { by: 'paul.richter', body: 'I go down to 2.5 mm for soft gradients, but then I slow down a lot.', hours: 16 },
    ],
  },
  {
    by: 'elif', in: 'technique-machines', lang: 'de', daysAgo: 24,
    title: 'Kartuschen oder klassische Nadeln – was nutzt ihr?',
    body: 'Unser Studio überlegt, komplett auf Kartuschen umzustellen. Lohnt sich das für Lettering?',
    replies: [
      { by: 'domstich', body: 'Wir haben letztes Jahr umgestellt: weniger Aufbauzeit, weniger Kreuzkontamination. Für Lettering nehmen wir Kartuschen mit Membran.', hours: 6, likes: ['elif'] },
      { by: 'tobias.klein', body: 'Für Traditional bleibe ich bei gelöteten Nadeln an der Coil. Geschmackssache.', hours: 22 },
    ],
  },
  {
    by: 'alex', in: 'technique-machines', lang: 'de', daysAgo: 19,
    title: 'Handpoke: welche Nadelgröße für Dotwork?',
    body: 'Ich steche Handpoke-Dotwork und suche eine gute Nadelkonfiguration für gleichmäßige Punkte.',
    replies: [
      { by: 'anouk', body: 'I use a 3RL for dots and a 5RL for dense areas. Keep the angle steep and the depth consistent.', hours: 10, likes: ['alex'] },
    ],
  },
  {
    by: 'paul.richter', in: 'technique-machines', lang: 'en', daysAgo: 14,
    title: 'Stencil keeps smudging on oily skin',
    body: 'My stencils wipe off after 20 minutes on some clients. Any tricks besides more stencil solution?',
    replies: [
      { by: 'hanna.vogel', body: 'Clean with green soap, then alcohol, let it dry **completely**, thin layer of solution, wait 10 minutes before you start. Patience is the trick.', hours: 3, likes: ['paul.richter', 'nele.krause'] },
      { by: 'nele.krause', body: 'And wrap the fresh stencil in cling film while you set up.', hours: 9 },
    ],
  },
  {
    by: 'ruben', in: 'technique-machines', lang: 'es', daysAgo: 10,
    title: '¿Qué fuente de alimentación recomendáis?',
    body: 'Mi fuente vieja ya no da un voltaje estable. ¿Batería inalámbrica o fuente de mesa?',
    replies: [
      { by: 'carla', body: 'Uso batería para los guest spots y fuente de mesa en el estudio. Para viajar, la batería es mucho más cómoda.', hours: 5, likes: ['ruben'] },
    ],
  },
  {
    by: 'sophie.becker', in: 'hygiene-aftercare', lang: 'de', daysAgo: 26, answer: 1,
    title: 'Wie lange lasst ihr die Folie (Second Skin) drauf?',
    body: 'Meine Kund:innen fragen ständig, ob sie die Folie nach einem Tag oder nach vier Tagen abnehmen sollen. Was empfehlt ihr?',
    replies: [
      { by: 'jule', body: 'Ich sage 24 Stunden, dann einmal wechseln und nochmal 3–4 Tage.', hours: 3 },
      { by: 'hanna.vogel', body: 'Erste Folie nach 24 h runter (Wundwasser), sanft waschen, zweite Folie 3–5 Tage. Bei Rötung oder Jucken unter der Folie sofort abnehmen. Das schreiben wir auch auf unsere Pflegekarte.', hours: 5, likes: ['sophie.becker', 'jule', 'mathis.keller'] },
      { by: 'sophie.becker', body: 'Super, genau so mache ich es jetzt auf meiner Pflegekarte.', hours: 30 },
    ],
  },
  {
    by: 'clara', in: 'hygiene-aftercare', lang: 'fr', daysAgo: 20,
    title: 'Crème cicatrisante : laquelle conseillez-vous ?',
    body: 'Je cherche une crème sans parfum à conseiller à mes clients. Vous utilisez quoi en studio ?',
    replies: [
      { by: 'encrenoire', body: 'Nous conseillons une crème au panthénol sans parfum, en couche très fine, deux à trois fois par jour.', hours: 8, likes: ['clara'] },
      { by: 'miriam.braun', body: 'Surtout pas trop : une peau qui étouffe cicatrise mal.', hours: 14 },
    ],
  },
  {
    by: 'kesselblut', in: 'hygiene-aftercare', lang: 'de', daysAgo: 16,
    title: 'Flächendesinfektion: welche Einwirkzeit haltet ihr ein?',
    body: 'Bei der letzten Begehung wurde nach unseren Einwirkzeiten gefragt. Wie dokumentiert ihr das?',
    replies: [
      { by: 'blauestunde', body: 'Wir haben einen laminierten Plan an jedem Platz: Mittel, Einwirkzeit, wer hat gereinigt. Das Amt war zufrieden.', hours: 4, likes: ['kesselblut', 'studio'] },
      { by: 'studio', body: 'Wir nutzen ein Mittel mit 1 Minute Einwirkzeit für Flächen und führen ein Hygienebuch pro Tag.', hours: 12 },
    ],
  },
  {
    by: 'ana.costa', in: 'hygiene-aftercare', lang: 'pt', daysAgo: 11,
    title: 'Cliente com alergia a tinta vermelha – o que fazer?',
    body: 'Uma cliente teve reação numa tatuagem antiga com vermelho. Devo fazer um teste antes de tatuar de novo?',
    replies: [
      { by: 'ines', body: 'Sim, faz um ponto de teste numa zona discreta e espera duas semanas. E encaminha-a a um dermatologista antes.', hours: 6, likes: ['ana.costa'] },
    ],
  },
  {
    by: 'mathis.keller', in: 'hygiene-aftercare', lang: 'de', daysAgo: 6,
    title: 'Nachsorge bei Handpalm-Tattoos',
    body: 'Handflächen heilen bei mir oft fleckig. Gebt ihr spezielle Pflegetipps?',
    replies: [
      { by: 'alex', body: 'Ehrlich ansprechen, dass oft nachgestochen werden muss. Und eine Woche keine Handschuharbeit.', hours: 9 },
    ],
  },
  {
    by: 'studio', in: 'business-studio-life', lang: 'de', daysAgo: 28,
    title: 'Anzahlungen: wie viel nehmt ihr und wann verfallen sie?',
    body: 'Wir nehmen aktuell 50 € Anzahlung. Bei No-Shows verfällt sie. Wie regelt ihr das bei Gastartists – bekommen die die Anzahlung?',
    likes: ['anker', 'isarherz'],
    replies: [
      { by: 'isarherz', body: 'Bei uns geht die Anzahlung komplett an den Gast, weil er den Termin hält. Verfall nach zwei Absagen.', hours: 5, likes: ['studio'] },
      { by: 'lena', body: 'Als Gast finde ich das fair – und bitte immer vorher schriftlich festhalten.', hours: 10 },
      { by: 'mainink', body: 'Wir nehmen 20 % des Preises, mindestens 50 €. Kleinere Beträge haben zu mehr No-Shows geführt.', hours: 28, likes: ['studio', 'anker'] },
    ],
  },
  {
    by: 'deniz', in: 'business-studio-life', lang: 'en', daysAgo: 22,
    title: 'Raising prices without losing regulars',
    body: 'My minimum has been the same for three years. How did you raise prices without upsetting regular clients?',
    replies: [
      { by: 'vanessa.koenig', body: 'Announce it two months ahead, honour old quotes, and raise the minimum first. Nobody complained.', hours: 6, likes: ['deniz', 'elif'] },
      { by: 'grachten', body: 'We raise 5 % every January, so it is never a big jump.', hours: 18 },
    ],
  },
  {
    by: 'anker', in: 'business-studio-life', lang: 'de', daysAgo: 17,
    title: 'Walk-ins vs. nur Termine – eure Erfahrungen?',
    body: 'Auf dem Kiez leben wir von Walk-ins, aber das Team möchte mehr planbare Termine. Wie macht ihr das?',
    replies: [
      { by: 'sebastian.wolf', body: 'Freitag und Samstag Walk-ins mit Flash-Wand, unter der Woche nur Termine. Hat bei uns gut funktioniert.', hours: 4, likes: ['anker'] },
    ],
  },
  {
    by: 'vanessa.koenig', in: 'business-studio-life', lang: 'de', daysAgo: 13,
    title: 'Steuern als reisende Tätowiererin',
    body: 'Ich arbeite mehrere Monate im Jahr im Ausland. Wo versteuere ich meine Einnahmen? Hat jemand eine gute Steuerberatung mit Erfahrung?',
    replies: [
      { by: 'luca.meier', body: 'Kommt auf das Land und die Aufenthaltsdauer an (183-Tage-Regel). Unbedingt eine Beratung mit internationaler Erfahrung nehmen.', hours: 7, likes: ['vanessa.koenig'] },
      { by: 'limmat', body: 'In der Schweiz rechnen wir Gäste mit Quellensteuer ab – frag das Studio vorher danach.', hours: 20 },
    ],
  },
  {
    by: 'velvetneedle', in: 'business-studio-life', lang: 'en', daysAgo: 8,
    title: 'Instagram vs. booking platforms: where do your clients come from?',
    body: 'We track every booking now. 60 % Instagram, 25 % walk-ins, 15 % word of mouth. What are your numbers?',
    replies: [
      { by: 'ondrej', body: 'For me in Prague it is almost all Instagram, but guest spot clients come through the hosting studio.', hours: 12 },
      { by: 'elbflorenz', body: 'Bei uns in Dresden kommen viele über Google Maps. Unterschätzt das nicht!', hours: 30, likes: ['velvetneedle'] },
    ],
  },
  {
    by: 'tobias.klein', in: 'designs-critique', lang: 'de', daysAgo: 25,
    title: 'Feedback zu meinem neuen Traditional-Flash-Bogen',
    body: 'Zwölf neue Motive: Schwalben, Dolch, Panther, Rosen. Sind die Linien dick genug für kleine Größen?',
    replies: [
      { by: 'sebastian.wolf', body: 'Sieht super aus! Beim Panther würde ich die Innenlinien etwas reduzieren, sonst läuft das unter 8 cm zu.', hours: 5, likes: ['tobias.klein'] },
      { by: 'marco', body: 'Bold will hold. Love the dagger.', hours: 12, likes: ['tobias.klein'] },
    ],
  },
  {
    by: 'nele.krause', in: 'designs-critique', lang: 'de', daysAgo: 18,
    title: 'Aquarell ohne Konturen – hält das?',
    body: 'Ich bekomme oft Anfragen für Watercolor ganz ohne Linien. Wie seht ihr die Haltbarkeit nach fünf, zehn Jahren?',
    replies: [
      { by: 'miriam.braun', body: 'Ohne dunklen Anker verblasst es schneller. Ich setze zumindest ein paar dunkle Akzente.', hours: 6, likes: ['nele.krause'] },
      { by: 'ruben', body: 'Agree, a few black accents change everything.', hours: 20 },
    ],
  },
  {
    by: 'freja', in: 'designs-critique', lang: 'en', daysAgo: 12,
    title: 'Nordic ornamental sleeve: composition check',
    body: 'Planning a full sleeve with knotwork and ravens. Where would you put the biggest element – outer forearm or upper arm?',
    replies: [
      { by: 'hanna.vogel', body: 'Upper arm outer side for the main raven, knotwork flowing down. The forearm reads best with something vertical.', hours: 9, likes: ['freja'] },
    ],
  },
  {
    by: 'kasia', in: 'designs-critique', lang: 'en', daysAgo: 5,
    title: 'Fine line botanical: too much detail?',
    body: 'Client wants a 6 cm fern with very fine shading. I am worried about blur in a few years. Simplify or go for it?',
    replies: [
      { by: 'mia.schneider', body: 'Simplify the shading and go bigger if the client lets you – 8–9 cm makes a huge difference.', hours: 4, likes: ['kasia'] },
    ],
  },
  {
    by: 'blauestunde', in: 'conventions-events', lang: 'de', daysAgo: 23,
    title: 'Tattoo Convention Berlin – wer teilt sich einen Stand?',
    body: 'Wir haben einen Doppelstand und noch einen Platz frei. Jemand aus Leipzig oder Berlin dabei?',
    replies: [
      { by: 'vanessa.koenig', body: 'Ich hätte Interesse! Welche Tage genau?', hours: 3 },
      { by: 'blauestunde', body: 'Alle drei Tage, Kosten teilen wir durch zwei. Schreib uns eine Nachricht.', hours: 5 },
    ],
  },
  {
    by: 'marco', in: 'conventions-events', lang: 'en', daysAgo: 16,
    title: 'Milano Tattoo Convention report',
    body: 'Three days, great crowd, lots of Japanese style. Best tip: bring twice as many barrier films as you think.',
    likes: ['tobias.klein', 'theo'],
    replies: [
      { by: 'theo', body: 'Merci pour le compte rendu ! Tu y retournes l’an prochain ?', hours: 14 },
      { by: 'marco', body: 'Sì, already booked.', hours: 20 },
    ],
  },
  {
    by: 'encrenoire', in: 'conventions-events', lang: 'fr', daysAgo: 10,
    title: 'Mondial du Tatouage : vos conseils pour une première fois',
    body: 'Nous y allons pour la première fois comme studio. Des conseils pour l’installation et la gestion des rendez-vous ?',
    replies: [
      { by: 'clara', body: 'Réservez 70 % des créneaux à l’avance et gardez le reste pour le walk-in. Et prenez une rallonge !', hours: 7, likes: ['encrenoire'] },
    ],
  },
  {
    by: 'isarherz', in: 'conventions-events', lang: 'de', daysAgo: 4,
    title: 'Hygiene-Seminar in München – lohnt sich das?',
    body: 'Im nächsten Monat gibt es ein ganztägiges Hygiene-Seminar für Studios. War jemand schon mal da?',
    replies: [
      { by: 'noah.fischer', body: 'Letztes Jahr dabei gewesen, sehr praxisnah. Vor allem der Teil zur Aufbereitung hat sich gelohnt.', hours: 10 },
    ],
  },
  {
    by: 'jule', in: 'introduce-yourself', lang: 'de', daysAgo: 29,
    title: 'Hallo aus Münster!',
    body: 'Ich bin Jule, steche florale Fine-Line-Motive und suche ab Frühjahr die ersten Gastspots. Freue mich auf den Austausch!',
    replies: [
      { by: 'studio', body: 'Willkommen, Jule! Melde dich gern, wenn du Berlin planst.', hours: 4, likes: ['jule'] },
    ],
  },
  {
    by: 'ondrej', in: 'introduce-yourself', lang: 'en', daysAgo: 20,
    title: 'Hi from Prague – linework and travel',
    body: 'Ondra here, mostly linework and geometric. I do two or three guest spots a year, Germany and Austria mostly.',
    replies: [
      { by: 'velvetneedle', body: 'Welcome Ondra! Drop by the studio when you are in town.', hours: 2, likes: ['ondrej'] },
    ],
  },
  {
    by: 'ana.costa', in: 'introduce-yourself', lang: 'pt', daysAgo: 14,
    title: 'Olá do Porto!',
    body: 'Sou a Ana, faço realismo a preto e cinzento. Procuro guest spots em Espanha e França este ano.',
    replies: [
      { by: 'tintanegra', body: '¡Bienvenida Ana! En Barcelona siempre tenemos sitio en otoño.', hours: 6, likes: ['ana.costa'] },
    ],
  },
  {
    by: 'mainink', in: 'introduce-yourself', lang: 'de', daysAgo: 9,
    title: 'Mainink aus Frankfurt stellt sich vor',
    body: 'Vier Plätze, offen für Gäste aus allen Stilrichtungen, Gästewohnung direkt über dem Studio. Fragen gern hier!',
    replies: [
      { by: 'deniz', body: 'Kann ich empfehlen, war dort schon zu Gast. Sehr entspanntes Team.', hours: 5, likes: ['mainink'] },
    ],
  },
  {
    by: 'nele.krause', in: 'about-this-platform', lang: 'de', daysAgo: 12,
    title: 'Wunsch: Kalenderansicht für Gastspots',
    body: 'Es wäre toll, die eigenen Gastspots als Kalender zu sehen. Geht das in Zukunft?',
    replies: [
      { by: 'admin', body: 'Danke für den Vorschlag, das nehmen wir auf die Liste!', hours: 20, likes: ['nele.krause'] },
    ],
  },
  {
    by: 'studio', in: 'guest-spots-travel', lang: 'de', daysAgo: 3,
    title: 'Gastartist für den Sommer gesucht – wer hat Erfahrung mit Fine Line?',
    body: 'Wir suchen für Juli eine Fine-Line-Artist für zwei Wochen. @Lena-Ink, hättest du Lust, nochmal vorbeizukommen?',
    replies: [
      { by: 'lena', body: 'Sehr gern! Ich schaue in meinen Kalender und schreibe euch heute Abend.', hours: 2, likes: ['studio'] },
      { by: 'jule', body: 'Falls es bei Lena nicht klappt: ich hätte im Juli auch Zeit.', hours: 6 },
    ],
  },
  {
    by: 'grachten', in: 'business-studio-life', lang: 'en', daysAgo: 2,
    title: 'How do you handle no-shows with guest artists?',
    body: 'Two no-shows last week, both for our guest. We refunded nothing, but the guest lost a whole day. How do you make it up to them?',
    replies: [
      { by: 'anouk', body: 'Flash day on short notice works well – post it in your stories the evening before.', hours: 3, likes: ['grachten'] },
    ],
  },
  {
    by: 'hanna.vogel', in: 'technique-machines', lang: 'de', daysAgo: 1,
    title: 'Holzschnitt-Optik: Linien oder Dotwork für die Schraffur?',
    body: 'Für meinen Holzschnitt-Stil suche ich die beste Technik für dichte Schraffuren. Eher Magnum mit wenig Hub oder feine Liner?',
    replies: [],
  },
];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Writes the demo forum straight into its tables (as the forum service would, without its hourly
 * limits), with rendered bodies, watches, likes, the marked answer, the mention's notice and the
 * search index. Runs once: nothing when a demo account has a thread already.
 */
export async function seedDemoForum(db: Db, emailDomain: string): Promise<void> {
  const { ids, byEmail } = await loadDemoAccounts(db, emailDomain);
  if (ids.length === 0) return;
  if (await db.selectFrom('forum_threads').select('id').where('author_id', 'in', ids).limit(1).executeTakeFirst()) return;
  const categories = new Map((await db.selectFrom('forum_categories').select(['id', 'slug']).execute()).map((c) => [c.slug, c.id]));
  const users = await db.selectFrom('users').select(['id', 'username', 'username_key']).where('id', 'in', ids).execute();
  const mentionable = new Map(users.map((u) => [u.username_key, u.username]));
  const idOfKey = new Map(users.map((u) => [u.username_key, u.id]));
  const now = Date.now();

  await db.transaction().execute(async (trx) => {
    // Oldest first, so ids grow with the dates as they do in use.
    for (const demo of [...DEMO_FORUM].sort((a, b) => b.daysAgo - a.daysAgo)) {
      const author = byEmail.get(demo.by);
      const categoryId = categories.get(demo.in);
      if (!author || categoryId === undefined) continue;
      const at = (hours: number) => new Date(now - demo.daysAgo * DAY_MS + hours * HOUR_MS).toISOString();
      const replies = demo.replies.filter((r) => byEmail.has(r.by));
      const lastAt = at(Math.max(0, ...replies.map((r) => r.hours)));
      const slug = threadSlug(demo.title);
      const thread = await trx
        .insertInto('forum_threads')
        .values({
          category_id: categoryId, author_id: author.id, title: demo.title, slug, language: demo.lang, is_pinned: demo.pinned ? 1 : 0,
          hidden_at: null, hidden_by: null, hidden_reason: null, reply_count: replies.length, last_post_at: lastAt, answer_post_id: null,
          deleted_at: null, client_id: null, created_at: at(0), updated_at: lastAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const posts: { id: number; by: string; likes: string[] }[] = [];
      const write = async (by: number, body: string, hours: number, opening: boolean) => {
        const rendered = renderMarkdown(body, mentionable);
        const row = await trx
          .insertInto('forum_posts')
          .values({
            thread_id: thread.id, author_id: by, is_opening: opening ? 1 : 0, reply_to_post_id: null, body, body_html: rendered.html,
            renderer_version: RENDERER_VERSION, hidden_at: null, hidden_by: null, client_id: null, created_at: at(hours), updated_at: at(hours),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: row.id, mentioned: rendered.mentioned };
      };
      const opening = await write(author.id, demo.body, 0, true);
      posts.push({ id: opening.id, by: demo.by, likes: demo.likes ?? [] });
      for (const key of opening.mentioned) {
        const userId = idOfKey.get(key);
        if (userId === undefined || userId === author.id) continue;
        await trx
          .insertInto('notifications')
          .values({ user_id: userId, kind: 'forum_mention', params: JSON.stringify({ name: author.name, title: demo.title }), url: forumThreadPath(thread.id, slug), created_at: at(0) })
          .execute();
      }
      const watchers = new Set([author.id]);
      for (const [i, reply] of replies.entries()) {
        const by = byEmail.get(reply.by) as { id: number; name: string };
        const post = await write(by.id, reply.body, reply.hours, false);
        posts.push({ id: post.id, by: reply.by, likes: reply.likes ?? [] });
        watchers.add(by.id);
        if (demo.answer === i) await trx.updateTable('forum_threads').set({ answer_post_id: post.id }).where('id', '=', thread.id).execute();
        if (i === 0 && !demo.pinned && author.id !== by.id) {
          await trx
            .insertInto('notifications')
            .values({ user_id: author.id, kind: 'forum_reply', params: JSON.stringify({ name: by.name, title: demo.title }), url: forumPostPath(thread.id, slug, 1, post.id), created_at: at(reply.hours), read_at: demo.daysAgo > 7 ? at(reply.hours + 2) : null })
            .execute();
        }
      }
      for (const post of posts) {
        const likers = [...new Set(post.likes)].flatMap((key) => {
          const liker = byEmail.get(key);
          return liker && key !== post.by ? [liker.id] : [];
        });
        if (likers.length === 0) continue;
        await trx.insertInto('forum_likes').values(likers.map((userId) => ({ post_id: post.id, user_id: userId, created_at: lastAt }))).execute();
        await trx.updateTable('forum_posts').set({ like_count: likers.length }).where('id', '=', post.id).execute();
      }
      await trx.insertInto('forum_watches').values([...watchers].map((userId) => ({ thread_id: thread.id, user_id: userId, watching: 1, created_at: at(0) }))).execute();
      await indexThread(trx, thread.id);
    }
  });
}
