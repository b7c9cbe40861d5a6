/** The editor's markdown buttons as pure edits of the text and its selection, so they are tested without a browser. */

export type FormatKind = 'bold' | 'italic' | 'link' | 'list' | 'quote';

export interface TextEdit {
  value: string;
  /** The selection after the edit. */
  start: number;
  end: number;
}

function wrap(value: string, start: number, end: number, before: string, after: string, placeholder: string): TextEdit {
  const selected = value.slice(start, end) || placeholder;
  const next = value.slice(0, start) + before + selected + after + value.slice(end);
  return { value: next, start: start + before.length, end: start + before.length + selected.length };
}

/** Prefixes every line the selection touches (a list, a quote). */
function prefixLines(value: string, start: number, end: number, prefix: string): TextEdit {
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = value.indexOf('\n', end);
  const lineEnd = nextBreak === -1 ? value.length : nextBreak;
  const block = value.slice(lineStart, lineEnd);
  const prefixed = block
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
  return { value: value.slice(0, lineStart) + prefixed + value.slice(lineEnd), start: lineStart, end: lineStart + prefixed.length };
}

/**
 * Applies a button to the selection: bold and italic wrap it, a link makes it the link's text
 * with the address selected to type over, a list and a quote prefix its lines. `placeholder`
 * stands in for an empty selection.
 */
export function applyFormat(kind: FormatKind, value: string, start: number, end: number, placeholder: string): TextEdit {
  switch (kind) {
    case 'bold':
      return wrap(value, start, end, '**', '**', placeholder);
    case 'italic':
      return wrap(value, start, end, '_', '_', placeholder);
    case 'link': {
      const text = value.slice(start, end) || placeholder;
      const url = 'https://';
      const next = `${value.slice(0, start)}[${text}](${url})${value.slice(end)}`;
      const urlStart = start + text.length + 3;
      return { value: next, start: urlStart, end: urlStart + url.length };
    }
    case 'list':
      return prefixLines(value, start, end, '- ');
    case 'quote':
      return prefixLines(value, start, end, '> ');
  }
}

/** A post quoted at the start of a reply: its author named, each line behind `> `, then a blank line to answer under. */
export function quoteOf(body: string, author: string): string {
  const quoted = body
    .trim()
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
  return `> **@${author}**\n${quoted}\n\n`;
}
