import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The attribute the document carries while a region prints; the global style hides everything else on paper. */
export const PRINTING_ATTRIBUTE = 'data-printing';
/** The attribute of the printed region: invisible on screen, the only thing on paper while printing. */
export const PRINT_ONLY_ATTRIBUTE = 'data-print-only';

/** Props of {@link PrintRegion}. */
export interface PrintRegionProps {
  /** What goes on paper: plain, self-contained content (the screen's buttons and inputs print badly). */
  children: ReactNode;
  /** Names the printed content for assistive technology and the print dialog's document. */
  label: string;
  /** Called once the print dialog has closed (printed or cancelled): the caller unmounts the region. */
  onDone: () => void;
}

/**
 * Prints its children and nothing else of the page: mounted, it renders them at the end of the body, marks the
 * document as printing (the global style then hides every other part of the page on paper) and opens the browser's
 * print dialog; when the dialog closes it unmarks the document and calls onDone. Mount it on the bettor's request.
 */
export function PrintRegion({ children, label, onDone }: PrintRegionProps) {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const root = document.documentElement;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      root.removeAttribute(PRINTING_ATTRIBUTE);
      window.removeEventListener('afterprint', finish);
      done.current();
    };
    root.setAttribute(PRINTING_ATTRIBUTE, '');
    window.addEventListener('afterprint', finish);
    // print() returns when the dialog closes in every browser that blocks on it; afterprint covers the others.
    window.print();
    finish();
    return () => {
      window.removeEventListener('afterprint', finish);
      root.removeAttribute(PRINTING_ATTRIBUTE);
    };
  }, []);
  return createPortal(
    <section {...{ [PRINT_ONLY_ATTRIBUTE]: '' }} aria-label={label}>
      {children}
    </section>,
    document.body,
  );
}
