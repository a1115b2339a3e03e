import { createContext, useContext, useEffect, useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';

/**
 * Where an `<img>` shows an image of content from: `src` itself, or another address for it (a locked journal's image
 * is ciphertext on the server, shown from an object URL of its decrypted copy). Rejects when it cannot be shown.
 */
export type ImageSourceResolver = (src: string) => Promise<string>;

const ImageSourceContext = createContext<ImageSourceResolver | null>(null);

/**
 * Every image of content below it is shown through `resolve`; with none (null), from their own src. Null rather than
 * no provider keeps the tree below it the same when that changes.
 */
export function ImageSourceProvider({
  resolve,
  children,
}: {
  resolve: ImageSourceResolver | null;
  children: ReactNode;
}) {
  return <ImageSourceContext.Provider value={resolve}>{children}</ImageSourceContext.Provider>;
}

/** How this part of the page resolves image addresses (itself when nothing above resolves them). */
export function useImageSourceResolver(): ImageSourceResolver {
  return useContext(ImageSourceContext) ?? showItself;
}

const showItself: ImageSourceResolver = (src) => Promise.resolve(src);

/**
 * The address to give an `<img>` for the content image `src`: `src` itself unless a provider resolves it, then what it
 * resolved (undefined while it is being resolved or when it cannot be, so the image shows only its alt text).
 */
export function useShownImageSource(src: string): string | undefined {
  const resolve = useContext(ImageSourceContext);
  const [resolved, setResolved] = useState<{ src: string; shown: string | undefined } | null>(null);
  useEffect(() => {
    if (!resolve || src === '') return;
    let current = true;
    resolve(src).then(
      (shown) => current && setResolved({ src, shown }),
      () => current && setResolved({ src, shown: undefined }),
    );
    return () => {
      current = false;
    };
  }, [resolve, src]);
  if (!resolve) return src;
  return resolved?.src === src ? resolved.shown : undefined;
}

/**
 * The same for the images of rendered HTML inside `root` (a memory's content): each `<img>` is given its resolved
 * address once the provider has it, and keeps its own src in `data-src` so HTML rendered again resolves again.
 */
export function useShownImagesIn(root: RefObject<HTMLElement | null>, html: string): void {
  const resolve = useContext(ImageSourceContext);
  // Before the first paint: no broken image is drawn from the stored address meanwhile.
  useLayoutEffect(() => {
    if (!resolve || !root.current) return;
    let current = true;
    for (const image of root.current.querySelectorAll('img')) {
      const src = image.dataset['src'] ?? image.getAttribute('src') ?? '';
      if (src === '') continue;
      image.dataset['src'] = src;
      // Nothing is fetched from the stored address: it is ciphertext, or not the one to show from.
      image.removeAttribute('src');
      resolve(src).then(
        (shown) => {
          if (current) image.src = shown;
        },
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, [resolve, root, html]);
}
