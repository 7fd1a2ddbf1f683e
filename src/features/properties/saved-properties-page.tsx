import { useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { removeSavedProperty, restoreSavedProperty, useSavedProperties } from './saved-properties';
import { useUserData, useUserDataError } from '../../data/user-data';
import { plural } from '../../lib/format';
import { toast } from '../../lib/toast';
import { buttonRecipe } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageContainer } from '../../ui/page-container';
import { PropertyCard, type SavedProperty } from './property-card';
import { errorMessage } from '../../lib/errors';

// The extension connection page (a plain link: the page is also drawn outside a router, in its tests).
export const EXTENSION_AUTH_PATH = '/extension-auth';

const styles = {
  page: css({ display: 'grid', gap: '6', alignContent: 'start' }),
  heading: css({
    fontFamily: 'heading',
    fontSize: { base: '2xl', md: '3xl' },
    fontWeight: 'bold',
    _focus: { outline: 'none' },
  }),
  intro: css({ color: 'fg.muted' }),
  status: css({ p: '8', textAlign: 'center', color: 'fg.muted' }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
    gap: { base: '4', md: '6' },
  }),
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

/** The list itself: loading, empty (how to save properties) or the cards, newest first as given. */
export function SavedPropertiesList({ loading, properties, removingId = null, onRemove }: SavedPropertiesListProps) {
  if (loading) {
    return (
      <p role="status" className={styles.status}>
        Loading saved properties...
      </p>
    );
  }
  if (properties.length === 0) return <EmptyState />;
  return (
    <ul className={styles.grid} aria-label="Saved properties">
      {properties.map((property) => (
        <li key={property.id}>
          <PropertyCard property={property} removing={removingId === property.id} onRemove={onRemove} />
        </li>
      ))}
    </ul>
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

/** /saved-properties: the signed-in user's saved properties, read from the local database. */
export function SavedPropertiesPage() {
  const data = useUserData();
  const storageError = useUserDataError();
  const { loading, properties } = useSavedProperties(data);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  async function handleRemove(property: SavedProperty) {
    if (!data) return;
    setRemovingId(property.id);
    try {
      await removeSavedProperty(data, property.id);
      toast.success('Property removed', property.title?.trim() || undefined, {
        id: `property-removed:${property.id}`,
        action: { label: 'Undo', onClick: () => void handleUndo(data, property) },
      });
      // The card and its button are gone: keep keyboard focus somewhere sensible.
      headingRef.current?.focus();
    } catch (error) {
      toast.error('Could not remove the property', errorMessage(error));
    } finally {
      setRemovingId(null);
    }
  }

  async function handleUndo(from: NonNullable<typeof data>, property: SavedProperty) {
    try {
      await restoreSavedProperty(from, property.id);
    } catch (error) {
      toast.error('Could not restore the property', errorMessage(error));
    }
  }

  return (
    <PageContainer className={styles.page}>
      <header>
        <h1 ref={headingRef} tabIndex={-1} className={styles.heading}>
          Saved Properties
        </h1>
        <p className={styles.intro}>
          {loading || properties.length === 0
            ? 'Listings you save with the browser extension, kept on this device.'
            : `${plural(properties.length, 'property', 'properties')}, newest first.`}
        </p>
      </header>
      {storageError ? (
        <p role="alert" className={styles.status}>
          This browser does not let Chloe keep your saved properties on this device ({storageError.message}). Try
          another browser, or leave private browsing.
        </p>
      ) : (
        <SavedPropertiesList
          loading={loading}
          properties={properties}
          removingId={removingId}
          onRemove={(property) => void handleRemove(property)}
        />
      )}
    </PageContainer>
  );
}
