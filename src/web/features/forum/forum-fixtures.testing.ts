import type { ForumCategory, ForumPost, ForumThread, ForumThreadPage, ForumThreadSummary } from '../../../common/schemas/forum';

const author = { id: 7, username: 'lena', name: 'Lena Hoffmann', avatar: null, userType: 'artist' as const };

export function forumCategory(overrides: Partial<ForumCategory> = {}): ForumCategory {
  return {
    id: 2,
    slug: 'technique-machines',
    name: 'Technik & Maschinen',
    description: 'Nadeln, Maschinen, Farben.',
    questionLike: true,
    threadCount: 12,
    postCount: 48,
    lastPostAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function forumSummary(overrides: Partial<ForumThreadSummary> = {}): ForumThreadSummary {
  return {
    id: 41,
    slug: 'welche-nadel-fur-linework',
    title: 'Welche Nadel für Linework?',
    author,
    language: 'de',
    replyCount: 3,
    isPinned: false,
    isLocked: false,
    createdAt: '2026-11-20T09:00:00.000Z',
    lastPostAt: '2026-11-20T10:00:00.000Z',
    category: { id: 2, slug: 'technique-machines', name: 'Technik & Maschinen' },
    ...overrides,
  };
}

export function forumPost(overrides: Partial<ForumPost> = {}): ForumPost {
  return {
    id: 101,
    threadId: 41,
    author: { id: 8, username: 'studio-nord', name: 'Studio Nord', avatar: null, userType: 'studio' },
    body: 'Eine **3RL** reicht.',
    bodyHtml: '<p>Eine <strong>3RL</strong> reicht.</p>',
    images: [],
    replyToPostId: null,
    likeCount: 2,
    liked: false,
    isAnswer: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    editedAt: null,
    isHidden: false,
    hiddenReason: null,
    can: { edit: false, delete: false, like: false, report: false, moderate: false },
    ...overrides,
  };
}

export function forumThread(overrides: Partial<ForumThread> = {}): ForumThread {
  return {
    ...forumSummary(),
    category: { id: 2, slug: 'technique-machines', name: 'Technik & Maschinen', questionLike: true },
    openingPostId: 100,
    body: 'Ich suche eine Nadel für feine Linien.',
    bodyHtml: '<p>Ich suche eine Nadel für <em>feine</em> Linien.</p>',
    images: [],
    likeCount: 1,
    liked: false,
    isDeleted: false,
    isHidden: false,
    hiddenReason: null,
    editedAt: null,
    answer: null,
    watching: false,
    can: { edit: false, delete: false, reply: false, like: false, report: false, markAnswer: false, moderate: false },
    ...overrides,
  };
}

export function forumThreadPage(overrides: Partial<ForumThreadPage> = {}): ForumThreadPage {
  return { thread: forumThread(), posts: [forumPost()], page: 1, pageCount: 1, ...overrides };
}
