// Apart from the gallery schemas, so the browser's caption fields count without the validation library.

/** A caption's length as the 250-character rule counts it: characters, not UTF-16 units. */
export function captionLength(caption: string): number {
  return [...caption].length;
}
