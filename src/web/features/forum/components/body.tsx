import type { ForumImage } from '../../../../common/schemas/forum';
import { cn } from '../../../ui/cn';

/** The look of a post's rendered markdown: paragraphs, lists, quotes, code and small headings, without a stylesheet of its own. */
const BODY_CLASSES = cn(
  'max-w-prose space-y-3 leading-7 break-words [overflow-wrap:anywhere]',
  '[&_a]:font-semibold [&_a]:underline',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-line-strong [&_blockquote]:pl-3 [&_blockquote]:text-ink-muted',
  '[&_code]:rounded [&_code]:bg-sunken [&_code]:px-1 [&_code]:text-sm [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-sunken [&_pre]:p-3',
  '[&_h3]:text-lg [&_h3]:font-bold [&_h4]:font-bold [&_h5]:font-semibold',
);

/**
 * A post's body as the server rendered it: markdown without raw HTML, through an allowlist
 * sanitizer (issue 25 §3). `html` must be a `bodyHtml` field of an API answer, nothing else.
 */
export function PostBody({ html, lang }: { html: string; lang?: string }) {
  return <div className={BODY_CLASSES} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A post's pictures: thumbnails linking to the full image. */
export function PostImages({ images, alt }: { images: ForumImage[]; alt: string }) {
  if (images.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {images.map((image, i) => (
        <li key={image.id}>
          <a href={image.imageUrl} className="block size-28 overflow-hidden rounded border border-line bg-sunken sm:size-36">
            <img src={image.thumbnailUrl} alt={`${alt} (${i + 1})`} width={image.width} height={image.height} loading="lazy" className="size-full object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}
