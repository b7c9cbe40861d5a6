import { useRef, useState } from 'react';
import { imagesState, type AttachedImage } from './editor';

/**
 * The state of one post being written: its text, pictures and the browser's UUID that names it
 * to the server. The UUID stays the same across retries (a lost answer repeated answers the first
 * post, no double) and is new once the post is sent.
 */
export function useCompose(initial = '') {
  const [body, setBody] = useState(initial);
  const [images, setImages] = useState<AttachedImage[]>([]);
  const clientId = useRef<string | null>(null);
  clientId.current ??= crypto.randomUUID();
  const { ids, uploading } = imagesState(images);
  return {
    body,
    setBody,
    images,
    updateImages: (update: (all: AttachedImage[]) => AttachedImage[]) => setImages(update),
    imageIds: ids,
    uploading,
    clientId: clientId.current,
    /** After a post went through: an empty editor and a new UUID for the next. */
    reset: () => {
      setBody('');
      setImages([]);
      clientId.current = crypto.randomUUID();
    },
  };
}
