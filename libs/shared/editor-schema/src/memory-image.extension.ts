import Image, { type ImageOptions } from '@tiptap/extension-image';
import { IMAGE_ALIGNMENTS, MAX_IMAGE_WIDTH_PX } from './editor-schema.constants';
import { isAllowedImageSource } from './image-source.util';

export interface MemoryImageOptions extends ImageOptions {
  /** When set, only images below this URL prefix (the app's own uploads) are parsed from pasted HTML. */
  fileUrlPrefix: string | null;
}

export type ImageAlignment = (typeof IMAGE_ALIGNMENTS)[number];

/** A positive whole number of pixels, at most the resize maximum; anything else means "no width". */
export function toImageWidth(value: unknown): number | null {
  const width = typeof value === 'string' && /^[0-9]{1,5}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof width !== 'number' || !Number.isFinite(width) || width < 1) return null;
  return Math.min(Math.round(width), MAX_IMAGE_WIDTH_PX);
}

export function toImageAlignment(value: unknown): ImageAlignment | null {
  return (IMAGE_ALIGNMENTS as readonly unknown[]).includes(value) ? (value as ImageAlignment) : null;
}

/**
 * The image node of every memory: src, alt, title, width (whole pixels, set by the editor's resize handles),
 * height (legacy: kept when old content carries it, never written or rendered) and align (the image's align
 * controls). No node view here: the editor remote adds its React view with `MemoryImage.extend({ addNodeView })`
 * and passes the result to `createExtensions({ image })`, keeping the name and attributes identical.
 */
export const MemoryImage = Image.extend<MemoryImageOptions>({
  addOptions() {
    return {
      ...this.parent!(),
      inline: false,
      allowBase64: false,
      resize: false,
      fileUrlPrefix: null,
    };
  },

  addAttributes() {
    return {
      src: {
        default: null,
        parseHTML: (element) => {
          const src = element.getAttribute('src');
          return isAllowedImageSource(src, this.options.fileUrlPrefix) ? src : null;
        },
      },
      alt: { default: null },
      title: { default: null },
      width: {
        default: null,
        parseHTML: (element) => toImageWidth(element.getAttribute('width')),
        renderHTML: (attributes) =>
          toImageWidth(attributes.width) === null ? {} : { width: String(toImageWidth(attributes.width)) },
      },
      height: {
        default: null,
        parseHTML: () => null,
        renderHTML: () => ({}),
      },
      align: {
        default: null,
        parseHTML: (element) => toImageAlignment(element.getAttribute('data-align')),
        renderHTML: (attributes) =>
          toImageAlignment(attributes.align) === null ? {} : { 'data-align': attributes.align },
      },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) =>
          isAllowedImageSource(element.getAttribute('src'), this.options.fileUrlPrefix) ? null : false,
      },
    ];
  },
});
