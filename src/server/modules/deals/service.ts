import type { Transaction } from 'kysely';
import { formatDate } from '../../../common/format';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/languages';
import { pathTo } from '../../../common/routes';
import { DEALS_PAGE_SIZE, type DealRequestKind } from '../../../common/deal-limits';
import {
  type DealMessageReference,
  type DealRequestPage,
  type DealSummary,
  type InviteInput,
  type PublicStayList,
  type Stay,
  type StayPage,
} from '../../../common/schemas/deals';
import { addDays, todayInBerlin } from '../../../common/schemas/listing-fields';
import type { SessionUser } from '../../../common/schemas/session';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/index';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { t } from '../../i18n';
import { definePrompt, eventKey, type Emitted } from '../../lib/outbox/index';
import { tags } from '../../lib/answer-cache/index';
import type { CardImages } from '../gallery/index';
import type { MessageService } from '../messages/index';
import { authorizeInvite, authorizeRequest, authorizeStay, senderOf } from './policy';
import { decodeCursor, encodeCursor, presentPublicStay, presentRequest, presentStay, requestStatus, stayStatus } from './presenter';
import { createDealRepo, type DealPersonRow, type RequestRow, type StayRow } from './repo';

/** How far back a profile shows stays that have ended. */
export const RECENT_STAYS_DAYS = 90;
/** At most this many stays on a profile. */
export const PUBLIC_STAYS_MAX = 20;

export interface DealServiceDeps extends Pick<AppContext, 'db' | 'events' | 'outbox' | 'mailer' | 'config' | 'invalidation'> {
  /** The conversation a change writes its line into. */
  messages: Pick<MessageService, 'postLine' | 'announceLines' | 'authorizeContact'>;
  /** The artist's latest works on a received request. */
  pictures: Pick<CardImages, 'latestWorks'>;
  /** Today in Berlin (yyyy-mm-dd); a test moves it. */
  today?: () => string;
  /** What else a confirmed stay sets off (city alerts): an outbox event written in the stay's transaction. */
  onStayConfirmed?: (trx: Transaction<Database>, stayId: number) => Promise<Emitted>;
}

/** What a change tells the other side: the mail's subject, and which line. */
type Change = 'invitation' | 'accepted' | 'declined' | 'withdrawn' | 'cancelled';

interface DealMail {
  to: string;
  name: string;
  lang: Language;
  change: Change;
  line: string;
}

/** The request's days and title as a line names them. */
interface Subject {
  requestId: number;
  kind: DealRequestKind;
  startDate: string;
  endDate: string;
  stayId: number | null;
  title: string;
}

/** What a change tells both sides live, and the stay whose pages it changes. */
interface Live {
  parties: number[];
  requestId: number | null;
  stayId: number | null;
  status: string;
  stay?: { artistId: number; studioId: number };
}

const languageOf = (row: Pick<DealPersonRow, 'language'>): Language => (isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE);

/**
 * Applications and invitations after they were made: the lists of both sides, the answers
 * (accept, decline, withdraw), invitations, the stays an accept makes and their cancellation.
 * Every change writes a line into the pair's conversation, a live event to both and a mail to
 * the other side (through the outbox, with the change's transaction).
 */
export function createDealService(deps: DealServiceDeps) {
  const { db, events, outbox, mailer, config, messages, pictures } = deps;
  const { invalidation } = deps;

  /**
   * A request or stay changed: both sides' open deal lists hear it live; a stay shows on both
   * profiles and the artist's tour, whose kept pages and answers go when it is confirmed or cancelled.
   */
  const dealChanged = definePrompt<Live>(deps.outbox, invalidation, 'deals.changed', {
    tags: ({ stay }) => (stay ? [tags.user(stay.artistId), tags.profile(stay.artistId), tags.user(stay.studioId), tags.profile(stay.studioId)] : []),
    async deliver({ parties, requestId, stayId, status }) {
      events.publish(parties, { type: 'deal.changed', requestId, stayId, status: status as never });
    },
  });
  const today = deps.today ?? todayInBerlin;
  const repo = createDealRepo(db);

  const changed = outbox.define<DealMail>('deals.changed-mail', {
    deliver: ({ to, name, lang, change, line }, event) =>
      mailer.send({
        to,
        subject: t(lang, `mail:deals.subject.${change}`),
        text: t(lang, 'mail:deals.body', { name, line, link: config.publicUrl + pathTo('dealRequests', {}, lang) }),
        key: eventKey(event),
      }),
  });

  async function peopleMap(ids: number[]): Promise<Map<number, DealPersonRow>> {
    return new Map((await repo.people(ids)).map((p) => [p.id, p]));
  }

  /** The title a line names: the spot's, else the availability's an invitation answers. */
  async function titleOf(r: Pick<RequestRow, 'guest_spot_id' | 'availability_id'>, trx: Transaction<Database>): Promise<string> {
    if (r.guest_spot_id !== null) {
      const spot = await repo.spot(r.guest_spot_id, trx);
      if (spot) return spot.title;
    }
    if (r.availability_id !== null) return (await repo.availability(r.availability_id, trx))?.title ?? '';
    return '';
  }

  /**
   * Writes a change into the pair's conversation (from the one who made it, in the other's
   * language) and its mail to the other, in the change's transaction; answers what to announce
   * once it committed.
   */
  async function record(
    trx: Transaction<Database>,
    change: Change,
    actor: DealPersonRow,
    recipient: DealPersonRow,
    subject: Subject,
    status: DealMessageReference['status'],
    extra: { reason?: string | null; content?: string },
    live: Live,
  ) {
    const lang = languageOf(recipient);
    const key = change === 'declined' && extra.reason ? 'declinedReason' : change;
    const line = t(lang, `applications:line.${key}`, {
      name: actor.name || actor.username,
      title: subject.title,
      start: formatDate(subject.startDate, lang),
      end: formatDate(subject.endDate, lang),
      reason: extra.reason ?? '',
    });
    const row = await messages.postLine(trx, {
      sender: actor,
      receiverId: recipient.id,
      content: extra.content ?? line,
      reference: { type: 'deal', requestId: subject.requestId, kind: subject.kind, status, startDate: subject.startDate, endDate: subject.endDate, stayId: subject.stayId, title: subject.title },
    });
    // The account's message mails are the switch for mails about what happens in its conversations.
    const mail: Emitted | null = recipient.email_on_message ? await changed.emit(trx, { to: recipient.email, name: recipient.name || recipient.username, lang, change, line }) : null;
    return { row, mail, live, told: await dealChanged.emit(trx, live) };
  }

  /** After the change committed: the mail goes, the line and the change are told live to both. */
  async function announce(done: Awaited<ReturnType<typeof record>>) {
    if (done.mail) outbox.afterCommit(done.mail);
    await messages.announceLines([done.row]);
    await dealChanged.committed(done.told, done.live);
  }

  const subjectOf = (r: RequestRow, title: string, stayId: number | null = r.stay_id): Subject => ({
    requestId: r.id,
    kind: r.kind as DealRequestKind,
    startDate: r.start_date,
    endDate: r.end_date,
    stayId,
    title,
  });

  /** Loads a request for an answer and checks the caller may give it (404, 403), before any write. */
  async function answerable(user: SessionUser, id: number, action: 'answer' | 'withdraw'): Promise<RequestRow> {
    const request = await repo.request(id);
    authorizeRequest(user, request, action);
    return request as RequestRow;
  }

  const notPending = () => new AppError(409, 'dealNotPending');

  /** Declines or withdraws: a guarded move from pending, the line, the event and the mail. */
  async function close(user: SessionUser, id: number, action: 'answer' | 'withdraw', reason: string | null): Promise<void> {
    const request = await answerable(user, id, action);
    const day = today();
    if (requestStatus(request, day) !== 'pending') throw notPending();
    const status = action === 'answer' ? 'declined' : 'withdrawn';
    const people = await peopleMap([request.artist_id, request.studio_id]);
    const actor = people.get(user.id);
    const recipient = people.get(user.id === request.artist_id ? request.studio_id : request.artist_id);
    if (!actor || !recipient) throw new AppError(404, 'dealNotFound');
    const done = await repo.transaction(async (trx) => {
      const decided = await repo.decide(trx, id, day, { status, decided_at: nowIso(), reason: action === 'answer' ? reason : null });
      if (!decided) throw notPending();
      return record(trx, status, actor, recipient, subjectOf(decided, await titleOf(decided, trx)), status, { reason }, { parties: [request.artist_id, request.studio_id], requestId: id, stayId: null, status });
    });
    await announce(done);
  }

  return {
    /** GET /api/applications: the caller's requests to answer (received) or made (sent), newest first. */
    async list(user: SessionUser, query: { role: 'sent' | 'received'; status?: string | undefined; kind?: DealRequestKind | undefined; cursor?: string | undefined }): Promise<DealRequestPage> {
      const side = user.userType === 'studio' ? 'studio' : 'artist';
      // An artist receives invitations and sends applications; a studio the other way round.
      const kind: DealRequestKind = (side === 'studio') === (query.role === 'received') ? 'application' : 'invitation';
      if (query.kind && query.kind !== kind) return { applications: [], nextCursor: null };
      const day = today();
      const rows = await repo.requestsPage(user.id, { side, kind, status: query.status }, day, decodeCursor(query.cursor), DEALS_PAGE_SIZE);
      const page = rows.slice(0, DEALS_PAGE_SIZE);
      const people = await peopleMap(page.flatMap((r) => [r.artist_id, r.studio_id]));
      // The side that answers sees the artist at a glance: their works in one read for the page.
      const works = query.role === 'received' && side === 'studio' ? await pictures.latestWorks(page.map((r) => r.artist_id)) : undefined;
      const last = page.at(-1);
      return {
        applications: page.map((r) => presentRequest(r, people, day, works)),
        nextCursor: rows.length > DEALS_PAGE_SIZE && last ? encodeCursor({ at: last.created_at, id: last.id }) : null,
      };
    },

    /**
     * Accepts a request: the stay in the same transaction, refused (409) when the artist has a
     * confirmed stay on any of the days or the spot has as many guests as places on one of them.
     * The request's row, then the spot's, then the artist's are locked in that order (PostgreSQL),
     * so parallel accepts for one spot or one artist take turns and count each other's stays.
     */
    async accept(user: SessionUser, id: number): Promise<Stay> {
      const request = await answerable(user, id, 'answer');
      const day = today();
      if (requestStatus(request, day) !== 'pending') throw notPending();
      const people = await peopleMap([request.artist_id, request.studio_id]);
      const actor = people.get(user.id);
      const recipient = people.get(senderOf(request));
      if (!actor || !recipient) throw new AppError(404, 'dealNotFound');
      const { stay, done, confirmed } = await repo.transaction(async (trx) => {
        const locked = await repo.request(id, trx);
        if (!locked || requestStatus(locked, day) !== 'pending') throw notPending();
        const spot = locked.guest_spot_id !== null ? await repo.lockSpot(trx, locked.guest_spot_id) : undefined;
        await repo.lockUser(trx, locked.artist_id);
        if (await repo.overlappingStay(trx, locked.artist_id, locked.start_date, locked.end_date)) throw new AppError(409, 'stayOverlaps');
        if (spot && (await repo.guestsOverlapping(trx, spot.id, locked.start_date, locked.end_date)) >= Math.max(1, spot.places)) throw new AppError(409, 'spotFull');
        const now = nowIso();
        const stay = await repo.insertStay(trx, {
          artist_id: locked.artist_id,
          studio_id: locked.studio_id,
          guest_spot_id: locked.guest_spot_id,
          request_id: locked.id,
          start_date: locked.start_date,
          end_date: locked.end_date,
          city_name: spot?.city_name ?? (await repo.studioCity(locked.studio_id, trx)),
          terms: locked.terms,
          status: 'confirmed',
          created_at: now,
          cancelled_at: null,
          cancel_reason: null,
          cancelled_by: null,
        });
        const decided = await repo.decide(trx, id, day, { status: 'accepted', decided_at: now, stay_id: stay.id });
        if (!decided) throw notPending();
        const done = await record(trx, 'accepted', actor, recipient, subjectOf(decided, spot?.title ?? (await titleOf(decided, trx)), stay.id), 'accepted', {}, {
          parties: [request.artist_id, request.studio_id],
          requestId: id,
          stayId: stay.id,
          status: 'accepted',
          stay: { artistId: stay.artist_id, studioId: stay.studio_id },
        });
        const confirmed = deps.onStayConfirmed ? await deps.onStayConfirmed(trx, stay.id) : null;
        return { stay, done, confirmed };
      });
      if (confirmed) outbox.afterCommit(confirmed);
      await announce(done);
      return presentStay(stay, people, day);
    },

    /** Declines a request (its answerer), with an optional reason the other side reads. */
    decline: (user: SessionUser, id: number, reason: string | undefined) => close(user, id, 'answer', reason ?? null),

    /** Withdraws a pending request (the one who made it). */
    withdraw: (user: SessionUser, id: number) => close(user, id, 'withdraw', null),

    /**
     * A studio invites an artist for days of an availability: with one of its active spots (the
     * spot's terms) or terms of its own. One pending invitation per availability and studio (a
     * partial unique key decides).
     */
    async invite(user: SessionUser, availabilityId: number, input: InviteInput & { message: string }): Promise<{ id: number }> {
      authorizeInvite(user);
      const availability = await repo.availability(availabilityId);
      if (!availability || availability.hidden_at !== null) throw new AppError(404, 'availabilityNotFound');
      const day = today();
      if (availability.is_active !== 1 || availability.end_date < day) throw new AppError(409, 'availabilityClosed');
      const outside = (first: string, last: string) => input.startDate < first || input.endDate > last || input.startDate < day;
      if (outside(availability.start_date, availability.end_date)) throw new AppError(400, 'dealDatesOutside', {}, { field: 'startDate', fields: { startDate: 'dealDatesOutside' } });
      let terms: string | null = input.terms ? JSON.stringify(input.terms) : null;
      let spotTitle: string | null = null;
      if (input.guestSpotId !== undefined) {
        const spot = await repo.spot(Number(input.guestSpotId));
        if (!spot || spot.studio_id !== user.id || spot.is_active !== 1 || spot.end_date < day) {
          throw new AppError(400, 'inviteSpotInvalid', {}, { field: 'guestSpotId', fields: { guestSpotId: 'inviteSpotInvalid' } });
        }
        if (outside(spot.start_date, spot.end_date)) throw new AppError(400, 'dealDatesOutside', {}, { field: 'startDate', fields: { startDate: 'dealDatesOutside' } });
        terms = spot.terms;
        spotTitle = spot.title;
      }
      await messages.authorizeContact(user.id, availability.artist_id);
      const people = await peopleMap([user.id, availability.artist_id]);
      const actor = people.get(user.id);
      const recipient = people.get(availability.artist_id);
      if (!actor || !recipient) throw new AppError(404, 'availabilityNotFound');
      const made = await repo.transaction(async (trx) => {
        await repo.expireOverdueInvitation(trx, availability.id, user.id, day);
        const id = await repo.insertRequest(trx, {
          kind: 'invitation',
          status: 'pending',
          guest_spot_id: input.guestSpotId === undefined ? null : Number(input.guestSpotId),
          availability_id: availability.id,
          artist_id: availability.artist_id,
          studio_id: user.id,
          start_date: input.startDate,
          end_date: input.endDate,
          terms,
          message: input.message,
          reason: null,
          created_at: nowIso(),
          decided_at: null,
          stay_id: null,
        });
        if (id === undefined) return null;
        const subject: Subject = { requestId: id, kind: 'invitation', startDate: input.startDate, endDate: input.endDate, stayId: null, title: spotTitle ?? availability.title };
        const live: Live = { parties: [user.id, availability.artist_id], requestId: id, stayId: null, status: 'pending' };
        return { id, done: await record(trx, 'invitation', actor, recipient, subject, 'pending', { content: input.message }, live) };
      });
      if (!made) throw new AppError(409, 'invitationPending');
      await announce(made.done);
      return { id: made.id };
    },

    /** GET /api/stays: the caller's stays (as artist, as studio, or both), latest start first. */
    async stays(user: SessionUser, query: { role?: 'artist' | 'studio' | undefined; status?: string | undefined; cursor?: string | undefined }): Promise<StayPage> {
      const day = today();
      const rows = await repo.staysPage(user.id, { side: query.role, status: query.status }, day, decodeCursor(query.cursor), DEALS_PAGE_SIZE);
      const page = rows.slice(0, DEALS_PAGE_SIZE);
      const people = await peopleMap(page.flatMap((r) => [r.artist_id, r.studio_id]));
      const last = page.at(-1);
      return {
        stays: page.map((r) => presentStay(r, people, day)),
        nextCursor: rows.length > DEALS_PAGE_SIZE && last ? encodeCursor({ at: last.start_date, id: last.id }) : null,
      };
    },

    /** Cancels a confirmed stay that has not ended (either side, with a reason the other reads). */
    async cancelStay(user: SessionUser, id: number, reason: string): Promise<Stay> {
      const stay = await repo.stay(id);
      authorizeStay(user, stay);
      const found = stay as StayRow;
      const day = today();
      if (stayStatus(found, day) !== 'confirmed') throw new AppError(409, 'stayNotConfirmed');
      const people = await peopleMap([found.artist_id, found.studio_id]);
      const actor = people.get(user.id);
      const recipient = people.get(user.id === found.artist_id ? found.studio_id : found.artist_id);
      if (!actor || !recipient) throw new AppError(404, 'stayNotFound');
      const { cancelled, done } = await repo.transaction(async (trx) => {
        const cancelled = await repo.cancelStay(trx, id, day, { cancelled_at: nowIso(), cancel_reason: reason, cancelled_by: user.id });
        if (!cancelled) throw new AppError(409, 'stayNotConfirmed');
        const request = cancelled.request_id !== null ? await repo.request(cancelled.request_id, trx) : undefined;
        const title = request ? await titleOf(request, trx) : cancelled.guest_spot_id !== null ? ((await repo.spot(cancelled.guest_spot_id, trx))?.title ?? '') : '';
        const subject: Subject = {
          requestId: cancelled.request_id ?? 0,
          kind: (request?.kind as DealRequestKind | undefined) ?? 'application',
          startDate: cancelled.start_date,
          endDate: cancelled.end_date,
          stayId: cancelled.id,
          title,
        };
        const live: Live = {
          parties: [found.artist_id, found.studio_id],
          requestId: cancelled.request_id,
          stayId: id,
          status: 'cancelled',
          stay: { artistId: cancelled.artist_id, studioId: cancelled.studio_id },
        };
        return { cancelled, done: await record(trx, 'cancelled', actor, recipient, subject, 'cancelled', { reason }, live) };
      });
      await announce(done);
      return presentStay(cancelled, people, day);
    },

    /** GET /api/users/{id}/stays: a profile's confirmed stays, upcoming and of the last 90 days, for everyone. */
    async publicStays(userId: number): Promise<PublicStayList> {
      const [owner] = await repo.people([userId]);
      if (!owner) throw new AppError(404, 'userNotFound');
      const day = today();
      const rows = await repo.publicStays(userId, addDays(day, -RECENT_STAYS_DAYS), PUBLIC_STAYS_MAX);
      const people = await peopleMap(rows.flatMap((r) => [r.artist_id, r.studio_id]));
      return { stays: rows.map((r) => presentPublicStay(r, people, day)) };
    },

    /** GET /api/deals/summary: the dashboard tile's counts. */
    summary(user: SessionUser): Promise<DealSummary> {
      return repo.summary(user.id, user.userType === 'studio' ? 'studio' : 'artist', today());
    },

    /** The spots among `spots` an artist is already booked for over their whole window (matches leave them out). */
    bookedSpots(artistId: number, spots: { id: number; startDate: string; endDate: string }[]): Promise<Set<number>> {
      return repo.spotsInsideStays(artistId, spots, today());
    },

    /** Marks pending requests whose first day passed as expired (they read so already); answers how many. */
    expireOverdue(): Promise<number> {
      return repo.expireOverdue(today());
    },
  };
}

export type DealService = ReturnType<typeof createDealService>;
