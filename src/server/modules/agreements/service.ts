import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/languages';
import { pathTo } from '../../../common/routes';
import type { StayStatus } from '../../../common/deal-limits';
import type { AcceptAgreementInput, Agreement, AgreementSide } from '../../../common/schemas/agreements';
import type { DealTerms } from '../../../common/schemas/deal-terms';
import { todayInBerlin } from '../../../common/schemas/listing-fields';
import type { SessionUser } from '../../../common/schemas/session';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/index';
import { AppError } from '../../errors';
import { t } from '../../i18n';
import { noInvalidation } from '../../lib/answer-cache/index';
import { definePrompt, eventKey, type Emitted } from '../../lib/outbox/index';
import { presentUserCard } from '../../lib/user-card';
import { renderAgreementPdf, type AgreementPdfPart } from './pdf';
import { authorizeAccept, authorizeRead } from './policy';
import { createAgreementRepo, type AcceptanceRow, type PartyRow, type StayRow } from './repo';
import { acceptanceLine, agreementHash, agreementLanguages, CANCELLATION_NOTICE_DAYS, longDate, writeAgreement } from './texts';

export interface AgreementServiceDeps extends Pick<AppContext, 'db' | 'events' | 'outbox' | 'mailer' | 'config'> {
  /** Today in Berlin (yyyy-mm-dd); a test moves it. */
  today?: () => string;
}

interface AcceptedMail {
  to: string;
  name: string;
  lang: Language;
  actor: string;
  stayId: number;
  startDate: string;
  endDate: string;
  agreed: boolean;
}

/** The version the answer names: enough of the hash to tell versions apart. */
const VERSION_LENGTH = 16;

const languageOf = (row: Pick<PartyRow, 'language'> | undefined): Language => (row && isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE);

/** Terms as stored (JSON text); a column that does not hold an object reads as none. */
function parseTerms(json: string | null): DealTerms | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as DealTerms) : null;
  } catch {
    return null;
  }
}

/** As the deals read it: a confirmed stay whose last day passed is completed. */
const stayStatus = (row: Pick<StayRow, 'status' | 'end_date'>, today: string): StayStatus =>
  row.status === 'confirmed' && row.end_date < today ? 'completed' : (row.status as StayStatus);

/**
 * The written agreement of a stay: read by its two parties and admins, accepted by each party
 * with a click, recorded with the version of the terms it was accepted for; as a PDF too. The
 * other side hears of an acceptance live (`deal.changed` with the stay) and by mail.
 */
export function createAgreementService(deps: AgreementServiceDeps) {
  const { db, events, outbox, mailer, config } = deps;
  const today = deps.today ?? todayInBerlin;
  const repo = createAgreementRepo(db);

  /** An acceptance, told live to both sides' open deal lists. */
  const accepted = definePrompt<{ parties: number[]; requestId: number | null; stayId: number; status: StayStatus }>(outbox, noInvalidation, 'agreements.accepted', {
    async deliver({ parties, requestId, stayId, status }) {
      events.publish(parties, { type: 'deal.changed', requestId, stayId, status });
    },
  });

  const acceptedMail = outbox.define<AcceptedMail>('agreements.accepted-mail', {
    deliver: ({ to, name, lang, actor, stayId, startDate, endDate, agreed }, event) =>
      mailer.send({
        to,
        subject: t(lang, 'agreements:mail.subject', { name: actor }),
        text: t(lang, 'agreements:mail.body', {
          name,
          actor,
          start: longDate(startDate, lang),
          end: longDate(endDate, lang),
          next: t(lang, agreed ? 'agreements:mail.agreed' : 'agreements:mail.yourTurn'),
          link: config.publicUrl + pathTo('stayAgreement', { id: stayId }, lang),
        }),
        key: eventKey(event),
      }),
  });

  async function partiesOf(stay: StayRow): Promise<{ artist: PartyRow; studio: PartyRow }> {
    const rows = new Map((await repo.parties([stay.artist_id, stay.studio_id])).map((r) => [r.id, r]));
    const artist = rows.get(stay.artist_id);
    const studio = rows.get(stay.studio_id);
    // Both are kept by foreign keys; missing only between the statements of an account's deletion.
    if (!artist || !studio) throw new AppError(404, 'stayNotFound');
    return { artist, studio };
  }

  function present(stay: StayRow, parties: { artist: PartyRow; studio: PartyRow }, hash: string, acceptances: AcceptanceRow[]): Agreement {
    const terms = parseTerms(stay.terms);
    const languages = { artist: languageOf(parties.artist), studio: languageOf(parties.studio) };
    const source = {
      stayId: stay.id,
      artistName: parties.artist.name || parties.artist.username,
      studioName: parties.studio.name || parties.studio.username,
      startDate: stay.start_date,
      endDate: stay.end_date,
      city: stay.city_name,
      terms,
    };
    const current = acceptances.map((a) => ({ userId: a.user_id, side: a.side as AgreementSide, acceptedAt: a.accepted_at }));
    return {
      stayId: stay.id,
      status: stayStatus(stay, today()),
      artist: presentUserCard(parties.artist),
      studio: presentUserCard(parties.studio),
      startDate: stay.start_date,
      endDate: stay.end_date,
      city: stay.city_name,
      terms,
      cancellationNoticeDays: CANCELLATION_NOTICE_DAYS,
      languages,
      texts: agreementLanguages(languages.artist, languages.studio).map((lang) => writeAgreement(source, lang)),
      acceptances: current,
      agreed: current.some((a) => a.side === 'artist') && current.some((a) => a.side === 'studio'),
      termsVersion: hash.slice(0, VERSION_LENGTH),
    };
  }

  async function read(user: SessionUser, id: number): Promise<{ agreement: Agreement; parties: { artist: PartyRow; studio: PartyRow } }> {
    const stay = await repo.stay(id);
    authorizeRead(user, stay);
    const found = stay as StayRow;
    const parties = await partiesOf(found);
    const hash = agreementHash(found);
    return { agreement: present(found, parties, hash, await repo.acceptances(found.id, hash)), parties };
  }

  return {
    /** GET /api/stays/{id}/agreement. */
    async get(user: SessionUser, id: number): Promise<Agreement> {
      return (await read(user, id)).agreement;
    },

    /**
     * POST /api/stays/{id}/agreement/accept: the caller's side accepts the current version, once
     * (a second click answers the same state). The stay's row is locked while the acceptance is
     * written (PostgreSQL), so a cancellation or a change of terms cannot slip between the check
     * and the write, and the unique key keeps one row per side and version under parallel clicks.
     */
    async accept(user: SessionUser, id: number, input: AcceptAgreementInput): Promise<Agreement> {
      const stay = await repo.stay(id);
      const side = authorizeAccept(user, stay);
      const parties = await partiesOf(stay as StayRow);
      const outcome = await repo.transaction(async (trx) => {
        const locked = await repo.stay(id, trx);
        if (!locked) throw new AppError(404, 'stayNotFound');
        if (locked.status === 'cancelled') throw new AppError(409, 'agreementStayCancelled');
        const hash = agreementHash(locked);
        if (input.termsVersion !== undefined && !hash.startsWith(input.termsVersion)) throw new AppError(409, 'agreementChanged');
        const inserted = await repo.accept(trx, { stay_id: locked.id, user_id: user.id, side, terms_hash: hash, accepted_at: nowIso() });
        const acceptances = await repo.acceptances(locked.id, hash, trx);
        let mail: Emitted | null = null;
        let told: { events: Emitted[]; change: Parameters<typeof accepted.emit>[1] } | null = null;
        if (inserted !== undefined) {
          const change = { parties: [locked.artist_id, locked.studio_id], requestId: locked.request_id, stayId: locked.id, status: stayStatus(locked, today()) };
          told = { events: await accepted.emit(trx, change), change };
          const actor = side === 'artist' ? parties.artist : parties.studio;
          const other = side === 'artist' ? parties.studio : parties.artist;
          // The account's message mails are its switch for mails about its deals, as the deals module reads it.
          if (other.email_on_message) {
            const agreed = acceptances.some((a) => a.side === 'artist') && acceptances.some((a) => a.side === 'studio');
            mail = await acceptedMail.emit(trx, {
              to: other.email,
              name: other.name || other.username,
              lang: languageOf(other),
              actor: actor.name || actor.username,
              stayId: locked.id,
              startDate: locked.start_date,
              endDate: locked.end_date,
              agreed,
            });
          }
        }
        return { stay: locked, hash, acceptances, mail, told };
      });
      if (outcome.mail) outbox.afterCommit(outcome.mail);
      if (outcome.told) await accepted.committed(outcome.told.events, outcome.told.change);
      return present(outcome.stay, parties, outcome.hash, outcome.acceptances);
    },

    /**
     * GET /api/stays/{id}/agreement.pdf: every language's version one after the other, each with
     * both sides' acceptances (time and account name) or that one is still missing.
     */
    async pdf(user: SessionUser, id: number, requestLang: Language): Promise<{ fileName: string; pdf: Buffer }> {
      const { agreement, parties } = await read(user, id);
      const acceptedAt = (side: AgreementSide) => agreement.acceptances.find((a) => a.side === side)?.acceptedAt ?? null;
      const parts: AgreementPdfPart[] = agreement.texts.map((text) => ({
        text,
        reference: t(text.language, 'agreements:stayNumber', { id: agreement.stayId }),
        cancelled: agreement.status === 'cancelled' ? t(text.language, 'agreements:cancelled') : null,
        acceptancesHeading: t(text.language, 'agreements:sections.acceptances'),
        acceptances: (['artist', 'studio'] as const).map((side) => {
          const party = side === 'artist' ? parties.artist : parties.studio;
          return acceptanceLine(text.language, side, party.name || party.username, acceptedAt(side));
        }),
      }));
      const first = agreement.texts[0]?.language ?? requestLang;
      const pdf = await renderAgreementPdf(parts, { title: `${t(first, 'agreements:title')} ${t(first, 'agreements:stayNumber', { id: agreement.stayId })}`, createdAt: new Date(), lang: first });
      // Plain ASCII, so a translation can never break the quoted Content-Disposition header.
      const fileName = t(requestLang, 'agreements:fileName', { id: agreement.stayId }).replace(/[^A-Za-z0-9._-]+/g, '-');
      return { fileName, pdf };
    },
  };
}

export type AgreementService = ReturnType<typeof createAgreementService>;
