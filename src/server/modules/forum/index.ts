/**
 * The forum's public face: its plugin and service, its sitemap source, its periodic jobs (the
 * mail digest, the sweep of unattached uploads) and the markdown renderer. The rest of the
 * server imports only this file.
 */
export { forumRoutes } from './routes';
export { registerForumPages } from './pages';
export { createForumService, type ForumDeps, type ForumService, type ForumStep, type ForumTarget } from './service';
export { forumSitemapSource } from './sitemap';
export { runDigest, scheduleForumJobs } from './mail';
// The SQL tour calls the digest's one-click address.
export { forumUnsubscribeToken } from './token';
export { RENDERER_VERSION, renderMarkdown } from './markdown';
// The demo seed writes threads as the forum would name them.
export { threadSlug } from './slug';
