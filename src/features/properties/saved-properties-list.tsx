import { memo, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { usePainted } from '../../lib/use-painted';
import { formatCount } from '../../lib/format';
import { listDrawn } from './api/early-read';
import { buttonRecipe } from '../../ui/button';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PropertyCard, type SavedProperty } from './property-card';

// The extension connection page (a plain link: the page is also drawn outside a router, in its tests).
export const EXTENSION_AUTH_PATH = '/extension-auth';

/** Cards drawn at first, and added each time the reader nears the end (or asks for more). */
export const PAGE_SIZE = 24;
/**
 * Cards in the list's very first frame: more than a tall tablet's screen holds (two columns of
 * ~22rem cards). The rest of the first page follows in the next frame: drawing all 24 at once made
 * a new browser's first card wait for the 16 nobody sees yet.
 */
export const FIRST_FRAME = 8;

const styles = {
  status: css({ p: '8', textAlign: 'center', color: 'fg.muted' }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
    gap: { base: '4', md: '6' },
  }),
  // A card scrolled far out of view is neither laid out nor painted (its last size is kept).
  item: css({ contentVisibility: 'auto', containIntrinsicHeight: 'auto 22rem' }),
  more: css({ display: 'grid', justifyItems: 'center', gap: '2', color: 'fg.muted', fontSize: 'sm' }),
  empty: css({ display: 'grid', gap: '3', justifyItems: 'start', maxW: '40rem' }),
  emptyTitle: css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold' }),
  emptyText: css({ color: 'fg.muted' }),
  steps: css({ listStyle: 'decimal', pl: '5', display: 'grid', gap: '1', color: 'fg.muted' }),
};

type SavedPropertiesListProps = {
  loading: boolean;
  properties: SavedProperty[];
  removingId?: string | null;
  onRemove: (property: SavedProperty) => void;
};

const Card_ = memo(PropertyCard);

/**
 * The list itself: loading, empty (how to save properties) or the cards in the order given. Only
 * the first cards are drawn, more as the reader scrolls near the end or presses 'Show more': 5,000
 * cards at once took 13 s and 120,000 elements. Every drawn card stays a plain list item, so
 * keyboard order, find-in-page and a screen reader's list navigation work on what is drawn; the
 * search finds the rest.
 */
export function SavedPropertiesList({ loading, properties, removingId = null, onRemove }: SavedPropertiesListProps) {
  // What waited for the list's first content (the service worker's install) may start.
  useEffect(() => {
    if (!loading) listDrawn();
  }, [loading]);
  if (loading) {
    return (
      <p role="status" className={styles.status}>
        Loading saved properties...
      </p>
    );
  }
  if (properties.length === 0) return <EmptyState />;
  return <Cards properties={properties} removingId={removingId} onRemove={onRemove} />;
}

/** The cards, from the frame the first of them is drawn in (a list that was loading starts here). */
function Cards({ properties, removingId, onRemove }: Omit<SavedPropertiesListProps, 'loading'>) {
  const [shown, setShown] = useState(PAGE_SIZE);
  const painted = usePainted();
  const drawn = painted ? shown : Math.min(shown, FIRST_FRAME);
  const end = useRef<HTMLDivElement>(null);
  const more = properties.length - shown;

  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel || more <= 0 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown((n) => n + PAGE_SIZE);
      },
      { rootMargin: '1200px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [more, shown, painted]);

  return (
    <>
      <ul className={styles.grid} aria-label="Saved properties">
        {properties.slice(0, drawn).map((property) => (
          <li key={property.id} className={styles.item}>
            <Card_ property={property} removing={removingId === property.id} onRemove={onRemove} />
          </li>
        ))}
      </ul>
      {painted && more > 0 ? (
        <div ref={end} className={styles.more}>
          <p>
            Showing {formatCount(shown)} of {formatCount(properties.length)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => setShown((n) => n + PAGE_SIZE)}>
            Show {Math.min(PAGE_SIZE, more)} more
          </Button>
        </div>
      ) : null}
    </>
  );
}

function EmptyState() {
  return (
    <Card className={styles.empty}>
      <h2 className={styles.emptyTitle}>No saved properties yet</h2>
      <p className={styles.emptyText}>
        Properties you save with the Chloe browser extension appear here, and stay available on this device even when
        you are offline.
      </p>
      <ol className={styles.steps}>
        <li>Connect the browser extension to your account.</li>
        <li>Open a property listing on a UK property portal.</li>
        <li>Click the Chloe extension icon and save the property.</li>
      </ol>
      <a href={EXTENSION_AUTH_PATH} className={buttonRecipe({ variant: 'primary' })}>
        Connect the browser extension
      </a>
    </Card>
  );
}
