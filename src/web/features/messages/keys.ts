/**
 * The cache keys of messaging. Everything personal carries the viewer's id, so a second account
 * in the same tab never sees the first one's conversations from the cache.
 */
export const messageKeys = {
  all: ['messages'] as const,
  mine: (me: number) => ['messages', me] as const,
  conversations: (me: number) => ['messages', me, 'conversations'] as const,
  threads: (me: number) => ['messages', me, 'thread'] as const,
  thread: (me: number, contactId: number) => ['messages', me, 'thread', contactId] as const,
  unread: (me: number) => ['messages', me, 'unread'] as const,
  blocks: (me: number) => ['messages', me, 'blocks'] as const,
  contactUser: (ref: string) => ['messages', 'contact-user', ref] as const,
  ownerPath: (id: number) => ['messages', 'owner-path', id] as const,
};
