import MarkdownIt from 'markdown-it';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import sanitizeHtml from 'sanitize-html';
import { profilePathTo } from '../../../common/routes';
import { usernameKey } from '../../../common/username';

/**
 * The version of the rules below. Each post keeps the version its `body_html` was rendered
 * with, so a change here can re-render the old ones (their markdown is kept).
 */
export const RENDERER_VERSION = 1;

/** A name after `@`: what a profile path holds (letters, digits, `_`, `-`), 3-30 of them. */
const MENTION = /@([\p{L}\p{M}\p{Nd}_-]{3,30})/uy;
const NAME_CHAR = /[\p{L}\p{M}\p{Nd}_\-.@]/u;
/** Mentions one post links and notifies at most: a list of names is not a conversation. */
export const MENTIONS_MAX = 10;

const ALLOWED_SCHEMES = ['http', 'https', 'mailto'];
const REL = 'nofollow ugc noopener';

interface RenderEnv {
  /** The users that exist, by the key of their name, with their name as spelled. */
  mentionable: ReadonlyMap<string, string>;
  mentioned: Set<string>;
}

function mentionRule(state: StateInline, silent: boolean): boolean {
  // markdown-it counts the links the parser is inside (its types leave the field out).
  if (state.src.charCodeAt(state.pos) !== 0x40 || (state as StateInline & { linkLevel: number }).linkLevel > 0) return false;
  // "a@b.example" is an address, "x@@y" nothing: only a mention that starts a word.
  const before = state.pos > 0 ? state.src.slice(state.pos - 1, state.pos) : '';
  if (before && NAME_CHAR.test(before)) return false;
  MENTION.lastIndex = state.pos;
  const match = MENTION.exec(state.src);
  if (!match) return false;
  const env = state.env as RenderEnv;
  const typed = (match[1] as string).replace(/[-_]+$/u, '');
  const username = env.mentionable.get(usernameKey(typed));
  if (!username || env.mentioned.size >= MENTIONS_MAX) return false;
  if (!silent) {
    const open = state.push('link_open', 'a', 1);
    open.attrs = [['href', profilePathTo(username)], ['class', 'mention']];
    open.markup = 'mention';
    open.meta = { key: usernameKey(username) };
    const text = state.push('text', '', 0);
    text.content = `@${typed}`;
    state.push('link_close', 'a', -1);
    env.mentioned.add(usernameKey(username));
  }
  state.pos += 1 + typed.length;
  return true;
}

function createMarkdown(): MarkdownIt {
  // Raw HTML is text; bare addresses become links; a single line break is kept, as people type.
  const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
  md.disable(['image', 'table']);
  // Only web and mail addresses are links; anything else (javascript:, data:, relative paths) stays text.
  md.validateLink = (url) => {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.trim())?.[1]?.toLowerCase();
    return scheme !== undefined && ALLOWED_SCHEMES.includes(scheme);
  };
  md.inline.ruler.before('text', 'mention', mentionRule);
  // A post's headings sit below the page's own (h1 the site, h2 the thread): # is h3, ### and deeper h5.
  const heading = (tokens: Token[], idx: number) => {
    const token = tokens[idx] as Token;
    const level = Math.min(5, Math.max(3, Number(token.tag.slice(1)) + 2));
    token.tag = `h${level}`;
  };
  const headingOpen = md.renderer.rules.heading_open;
  md.renderer.rules.heading_open = (tokens, idx, options, env, self) => {
    heading(tokens, idx);
    return headingOpen ? headingOpen(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
  };
  const headingClose = md.renderer.rules.heading_close;
  md.renderer.rules.heading_close = (tokens, idx, options, env, self) => {
    heading(tokens, idx);
    return headingClose ? headingClose(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
  };
  return md;
}

const md = createMarkdown();

/**
 * What survives the sanitizer, whatever markdown-it made: the tags of text formatting, lists,
 * quotes, code and h3-h5; links with web or mail addresses only, each with rel set here; no
 * style, no event handler, no image, nothing embedded.
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'h5', 'hr'],
  allowedAttributes: { a: ['href', 'rel', 'class'], ol: ['start'], code: ['class'] },
  allowedClasses: { a: ['mention'], code: [/^language-[a-z0-9_+-]{1,30}$/] },
  allowedSchemes: ALLOWED_SCHEMES,
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: REL } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href,
};

export interface Rendered {
  html: string;
  /** Links to other sites (mentions are not counted). */
  links: number;
  /** The keys of the names mentioned and linked. */
  mentioned: string[];
  /**
   * The keys of the names mentioned outside block quotes: whom the post itself addresses. A
   * quote's mentions are the quoted post's words (its `> **@name**` header included), so they
   * are linked but notify nobody again; the quoted author hears of it through `replyToPostId`.
   */
  addressed: string[];
}

/** The names a body may mention, by key, for looking up which of them exist before rendering. */
export function mentionCandidates(body: string): string[] {
  const keys = new Set<string>();
  for (const match of body.matchAll(/@([\p{L}\p{M}\p{Nd}_-]{3,30})/gu)) {
    keys.add(usernameKey((match[1] as string).replace(/[-_]+$/u, '')));
    if (keys.size >= MENTIONS_MAX * 5) break;
  }
  return [...keys];
}

/** Renders a post's markdown to the HTML that is stored and served; `mentionable` maps existing names' keys to their spelling. */
export function renderMarkdown(body: string, mentionable: ReadonlyMap<string, string> = new Map()): Rendered {
  const env: RenderEnv = { mentionable, mentioned: new Set() };
  const tokens = md.parse(body, env);
  let links = 0;
  let quoteDepth = 0;
  const addressed = new Set<string>();
  for (const block of tokens) {
    if (block.type === 'blockquote_open') quoteDepth++;
    else if (block.type === 'blockquote_close') quoteDepth--;
    for (const token of block.children ?? []) {
      if (token.type !== 'link_open') continue;
      if (token.markup !== 'mention') links++;
      else if (quoteDepth === 0) addressed.add((token.meta as { key: string }).key);
    }
  }
  const html = sanitizeHtml(md.renderer.render(tokens, md.options, env), SANITIZE).trim();
  return { html, links, mentioned: [...env.mentioned], addressed: [...addressed] };
}
