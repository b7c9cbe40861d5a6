import type { SessionUser } from '../../../common/schemas/session';

type Authored = { author_id: number };
type ThreadState = Authored & { hidden_at: string | null; is_locked: number; deleted_at: string | null; question_like: number };

const isAdmin = (user: SessionUser | null): user is SessionUser => user?.role === 'admin';
const isAuthor = (user: SessionUser | null, row: Authored): user is SessionUser => !!user && user.id === row.author_id;

/**
 * Who may do what in the forum. Anyone reads what is visible; a hidden thread or reply only its
 * author and admins. Authors edit and delete their own, admins anything; nobody likes their own
 * post; a locked thread takes replies from admins only; the thread's author marks the answer
 * in a question-like category.
 */
export const forumPolicy = {
  isAdmin,
  isAuthor,
  /** Whether the viewer may see a thread or reply at all (hidden ones: its author and admins). */
  sees: (viewer: SessionUser | null, row: Authored & { hidden_at: string | null }) => row.hidden_at === null || isAuthor(viewer, row) || isAdmin(viewer),
  manages: (viewer: SessionUser | null, row: Authored) => isAuthor(viewer, row) || isAdmin(viewer),
  /** Whether new replies are taken: not locked and not hidden, except from admins. */
  replies: (viewer: SessionUser | null, thread: { is_locked: number; hidden_at: string | null }) => isAdmin(viewer) || (thread.is_locked === 0 && thread.hidden_at === null),

  canThread(viewer: SessionUser | null, thread: ThreadState) {
    const loggedIn = !!viewer;
    const own = isAuthor(viewer, thread);
    const live = thread.deleted_at === null;
    return {
      edit: live && forumPolicy.manages(viewer, thread),
      delete: live && forumPolicy.manages(viewer, thread),
      reply: loggedIn && forumPolicy.replies(viewer, thread),
      like: loggedIn && !own && live && thread.hidden_at === null,
      report: loggedIn && !own && live,
      markAnswer: own && thread.question_like === 1,
      moderate: isAdmin(viewer),
    };
  },

  canPost(viewer: SessionUser | null, post: Authored & { hidden_at: string | null }, open: boolean) {
    const own = isAuthor(viewer, post);
    return {
      edit: forumPolicy.manages(viewer, post),
      delete: forumPolicy.manages(viewer, post),
      like: !!viewer && !own && open && post.hidden_at === null,
      report: !!viewer && !own,
      moderate: isAdmin(viewer),
    };
  },
};
