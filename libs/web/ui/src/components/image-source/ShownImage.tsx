import Box, { type BoxProps } from '@mui/material/Box';
import { useShownImageSource } from './shown-image-source';

export type ShownImageProps = Omit<BoxProps<'img'>, 'component' | 'src'> & { src: string };

/** An `<img>` of a content image, shown from where the ImageSourceProvider above it says (see useShownImageSource). */
export function ShownImage({ src, ...props }: ShownImageProps) {
  return <Box component="img" {...props} src={useShownImageSource(src)} />;
}
