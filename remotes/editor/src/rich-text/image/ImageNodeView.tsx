import FormatAlignCenterIcon from '@mui/icons-material/FormatAlignCenter';
import FormatAlignLeftIcon from '@mui/icons-material/FormatAlignLeft';
import FormatAlignRightIcon from '@mui/icons-material/FormatAlignRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { toImageAlignment, toImageWidth, type ImageAlignment } from '@memories/editor-schema';
import { isSmallImageWidth, SMALL_IMAGE_ATTRIBUTE, SMALL_IMAGE_VALUE, useShownImageSource } from '@memories/web-ui';
import { NodeViewWrapper, type NodeViewProps } from '@tiptap/react';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { LazyTooltip } from '../toolbar/LazyTooltip';
import { RESIZE_HANDLES, resizedWidth, type ResizeHandle } from './image-size.util';

/** Spec section 9: controls shown by a touch hide after 3 s (not while a resize drag is in progress). */
export const TOUCH_CONTROLS_TIMEOUT_MS = 3_000;

const ALIGN_BUTTONS: readonly { align: ImageAlignment; label: string; icon: typeof FormatAlignLeftIcon }[] = [
  { align: 'left', label: 'Align image left', icon: FormatAlignLeftIcon },
  { align: 'center', label: 'Align image center', icon: FormatAlignCenterIcon },
  { align: 'right', label: 'Align image right', icon: FormatAlignRightIcon },
];

const HANDLE_POSITION: Record<
  ResizeHandle,
  { top?: number | string; bottom?: number | string; left?: number | string; right?: number | string; cursor: string }
> = {
  nw: { top: -6, left: -6, cursor: 'nwse-resize' },
  n: { top: -6, left: 'calc(50% - 6px)', cursor: 'ns-resize' },
  ne: { top: -6, right: -6, cursor: 'nesw-resize' },
  e: { top: 'calc(50% - 6px)', right: -6, cursor: 'ew-resize' },
  se: { bottom: -6, right: -6, cursor: 'nwse-resize' },
  s: { bottom: -6, left: 'calc(50% - 6px)', cursor: 'ns-resize' },
  sw: { bottom: -6, left: -6, cursor: 'nesw-resize' },
  w: { top: 'calc(50% - 6px)', left: -6, cursor: 'ew-resize' },
};

interface Drag {
  handle: ResizeHandle;
  pointerId: number;
  startX: number;
  startY: number;
  startWidth: number;
  startHeight: number;
  parentWidth: number | null;
}

/**
 * An image of the document in the editor, laid out by the shared content styles as the viewer lays out its `<img>`
 * (alignment from `data-align`, the small layout below 300 px), plus resize handles
 * and align controls that appear on hover, on keyboard selection, or for 3 s after a touch. A drag changes only the
 * preview; the `width` attribute is written once on release, so one resize is one undo step.
 */
export function ImageNodeView({ node, updateAttributes, selected, editor }: NodeViewProps) {
  const src = typeof node.attrs['src'] === 'string' ? node.attrs['src'] : '';
  const alt = typeof node.attrs['alt'] === 'string' ? node.attrs['alt'] : '';
  const title = typeof node.attrs['title'] === 'string' ? node.attrs['title'] : undefined;
  const width = toImageWidth(node.attrs['width']);
  const align = toImageAlignment(node.attrs['align']);
  const shownSrc = useShownImageSource(src);

  const image = useRef<HTMLImageElement>(null);
  const drag = useRef<Drag | null>(null);
  const touchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  // Without a width attribute the viewer decides the layout from the natural width; so does the editor.
  const [naturalWidth, setNaturalWidth] = useState<number | null>(null);
  const editable = editor.isEditable;

  useEffect(() => () => clearTimeout(touchTimer.current), []);

  const hideTouchControlsLater = () => {
    clearTimeout(touchTimer.current);
    touchTimer.current = setTimeout(() => {
      if (drag.current === null) setTouched(false);
    }, TOUCH_CONTROLS_TIMEOUT_MS);
  };

  const showTouchControls = () => {
    setTouched(true);
    hideTouchControlsLater();
  };

  const startResize = (handle: ResizeHandle) => (event: ReactPointerEvent<HTMLElement>) => {
    const img = image.current;
    if (!img) return;
    event.preventDefault();
    event.stopPropagation();
    const box = img.getBoundingClientRect();
    const column = editor.view.dom as HTMLElement;
    const columnStyle = getComputedStyle(column);
    const padding = parseFloat(columnStyle.paddingLeft) + parseFloat(columnStyle.paddingRight);
    drag.current = {
      handle,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      startWidth: box.width,
      startHeight: box.height,
      parentWidth: column.clientWidth - (Number.isFinite(padding) ? padding : 0),
    };
    event.currentTarget.setPointerCapture(event.pointerId);
    clearTimeout(touchTimer.current);
    setDragWidth(Math.round(box.width));
  };

  const moveResize = (event: ReactPointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    setDragWidth(resizedWidth({ ...current, dx: event.clientX - current.startX, dy: event.clientY - current.startY }));
  };

  const endResize = (event: ReactPointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const finalWidth = resizedWidth({
      ...current,
      dx: event.clientX - current.startX,
      dy: event.clientY - current.startY,
    });
    drag.current = null;
    setDragWidth(null);
    if (finalWidth !== width) updateAttributes({ width: finalWidth });
    if (touched) hideTouchControlsLater();
  };

  const shownWidth = dragWidth ?? width;
  const small = isSmallImageWidth(shownWidth ?? naturalWidth);
  const controlsVisible = editable && (selected || touched || dragWidth !== null);

  return (
    <NodeViewWrapper as="div" onTouchStart={editable ? showTouchControls : undefined}>
      {/* The shared content styles lay this out as they do the viewer's <img>: small layout, alignment. */}
      <Box
        className="memory-image"
        data-align={align ?? undefined}
        {...{ [SMALL_IMAGE_ATTRIBUTE]: small ? SMALL_IMAGE_VALUE : undefined }}
        sx={{ textAlign: align ?? 'left', ...(!small && { my: 2 }) }}
      >
        <Box
          className="memory-image__frame"
          data-controls-visible={controlsVisible ? 'true' : undefined}
          sx={{
            position: 'relative',
            display: 'inline-block',
            maxWidth: '100%',
            lineHeight: 0,
            // The frame is laid out (margins, alignment); the image fills it exactly, so the handles sit on its edges.
            '& img.memory-image__img': { display: 'block', m: 0 },
            outline: selected ? '2px solid' : 'none',
            outlineColor: 'primary.main',
            '& .memory-image__controls': { opacity: 0, pointerEvents: 'none', transition: 'opacity 120ms' },
            '&[data-controls-visible] .memory-image__controls': { opacity: 1, pointerEvents: 'auto' },
            ...(editable && {
              '&:hover .memory-image__controls, &:focus-within .memory-image__controls': {
                opacity: 1,
                pointerEvents: 'auto',
              },
            }),
          }}
        >
          <img
            ref={image}
            src={shownSrc}
            alt={alt}
            title={title}
            width={shownWidth ?? undefined}
            draggable={false}
            className="memory-image__img"
            onLoad={(event) => setNaturalWidth(event.currentTarget.naturalWidth || null)}
            style={{ width: shownWidth ? `${shownWidth}px` : undefined, maxWidth: '100%', height: 'auto' }}
          />
          {editable && (
            <>
              <Paper
                className="memory-image__controls"
                elevation={3}
                contentEditable={false}
                role="group"
                aria-label="Image alignment"
                sx={{
                  position: 'absolute',
                  top: 8,
                  left: '50%',
                  transform: 'translateX(-50%)',
                  display: 'flex',
                  lineHeight: 1,
                  zIndex: 2,
                }}
              >
                {ALIGN_BUTTONS.map(({ align: option, label, icon: Icon }) => (
                  <LazyTooltip key={option} title={label}>
                    <IconButton
                      size="small"
                      aria-label={label}
                      aria-pressed={(align ?? 'left') === option}
                      color={(align ?? 'left') === option ? 'primary' : 'default'}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => {
                        updateAttributes({ align: option });
                        if (touched) showTouchControls();
                      }}
                    >
                      <Icon fontSize="small" />
                    </IconButton>
                  </LazyTooltip>
                ))}
              </Paper>
              {RESIZE_HANDLES.map((handle) => {
                const { cursor, ...position } = HANDLE_POSITION[handle];
                return (
                  <Box
                    key={handle}
                    className="memory-image__controls"
                    data-resize-handle={handle}
                    contentEditable={false}
                    aria-hidden="true"
                    onPointerDown={startResize(handle)}
                    onPointerMove={moveResize}
                    onPointerUp={endResize}
                    onPointerCancel={endResize}
                    sx={{
                      position: 'absolute',
                      ...position,
                      width: 12,
                      height: 12,
                      borderRadius: '2px',
                      bgcolor: 'primary.main',
                      border: '2px solid',
                      borderColor: 'background.paper',
                      cursor,
                      touchAction: 'none',
                      zIndex: 2,
                    }}
                  />
                );
              })}
            </>
          )}
        </Box>
      </Box>
    </NodeViewWrapper>
  );
}
