import { Fragment } from 'react';
import { cn } from '../../../ui/cn';

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence is not part of the link it follows.
const TRAILING = /[.,;:!?)\]}'"»]+$/;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string };

/** Splits a message into plain text and its http(s) links. */
export function splitLinks(content: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of content.matchAll(URL_PATTERN)) {
    const start = match.index;
    const raw = match[0];
    const link = raw.replace(TRAILING, '');
    if (start > last) parts.push({ kind: 'text', text: content.slice(last, start) });
    let href: string | null = null;
    try {
      const url = new URL(link);
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
    } catch {
      href = null;
    }
    parts.push(href ? { kind: 'link', href, text: link } : { kind: 'text', text: link });
    last = start + link.length;
  }
  if (last < content.length) parts.push({ kind: 'text', text: content.slice(last) });
  return parts;
}

/**
 * A message as plain text: its line breaks kept, its http(s) links clickable. React writes
 * every part as text, so markup in a message shows as what it is.
 */
export function MessageText({ content, className }: { content: string; className?: string }) {
  return (
    <p className={cn('break-words whitespace-pre-wrap', className)}>
      {splitLinks(content).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="nofollow noopener ugc" className="break-all underline">
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
