// «✓ visto» on an item already opened (tab, card, keyword, slide): decision record 0246.
import { es } from '../strings/es.ts';
import './seen-mark.css';

/**
 * A small check with the word for screen readers. Not seen: nothing, or with `reserve` an empty
 * ring of the same size, so marking it later changes no width (tabs in a wrapping row).
 */
export function SeenMark({
  seen,
  className,
  reserve = false,
}: {
  seen: boolean;
  className?: string;
  reserve?: boolean;
}) {
  if (!seen) {
    return reserve ? (
      <span
        className={className ? `scr-seen scr-seen--not ${className}` : 'scr-seen scr-seen--not'}
        aria-hidden="true"
      />
    ) : null;
  }
  return (
    <span className={className ? `scr-seen ${className}` : 'scr-seen'}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path
          d="M3 8.5l3.2 3L13 4.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="scr-sr-only">, {es.screens.seen}</span>
    </span>
  );
}
