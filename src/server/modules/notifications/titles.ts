import type { Language } from '../../../common/languages';
import { notificationParams, type NotificationKind, type NotificationParams } from '../../../common/schemas/notifications';
import { t } from '../../i18n';

/** Each kind's title from its params; a new kind adds its texts to the `notices` namespace and a line here. */
const titles: { [K in NotificationKind]: (lang: Language, params: NotificationParams<K>) => string } = {
  report_resolved: (lang, { action, targetType }) =>
    t(lang, 'notices:report_resolved.title', {
      target: t(lang, `notices:report_resolved.targets.${targetType}`),
      outcome: t(lang, `notices:report_resolved.outcomes.${action}`),
    }),
  forum_reply: (lang, params) => t(lang, 'notices:forum_reply.title', params),
  forum_mention: (lang, params) => t(lang, 'notices:forum_mention.title', params),
  saved_search: (lang, params) => t(lang, 'notices:saved_search.title', params),
};

export const isNotificationKind = (kind: string): kind is NotificationKind => Object.hasOwn(notificationParams, kind);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A notification's title in `lang`, written from its kind and stored params when it is read, so
 * it follows a language switch. A row this version cannot read (a kind or params written by a
 * newer one during a deploy) still gets a title rather than failing the whole list.
 */
export function titleOf(lang: Language, kind: string, params: string): string {
  if (isNotificationKind(kind)) {
    const parsed = notificationParams[kind].safeParse(parseJson(params));
    // Kind and params were checked together above; TypeScript cannot correlate them through the index.
    if (parsed.success) return (titles[kind] as (lang: Language, params: unknown) => string)(lang, parsed.data);
  }
  return t(lang, 'notices:generic');
}
