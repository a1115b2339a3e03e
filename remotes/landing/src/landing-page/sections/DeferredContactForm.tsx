import Box from '@mui/material/Box';
import { LazyPartBoundary, lazyPart } from '@memories/web-ui';
import { useEffect, useRef, useState } from 'react';

// MUI's TextField drags in Select, Menu, Popover and Modal (about 30 KiB gzip). The form sits at the bottom of the
// page, so it is fetched only when the contact section comes near the viewport, keeping the landing's first load
// the smallest of all routes.
const ContactForm = lazyPart(() => import('./ContactForm').then(({ ContactForm }) => ContactForm));

/** Where the contact form will appear; the same height while loading so the page does not jump. */
const placeholderSx = { minHeight: 420 } as const;

/** The contact form, loaded once its place is within 600 px of the viewport (at once without IntersectionObserver). */
export function DeferredContactForm() {
  const slot = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const element = slot.current;
    if (wanted || !element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setWanted(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);

  return (
    <Box ref={slot} sx={placeholderSx}>
      {wanted && (
        <LazyPartBoundary>
          <ContactForm />
        </LazyPartBoundary>
      )}
    </Box>
  );
}
