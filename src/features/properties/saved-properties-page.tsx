import { useCallback, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { removeSavedProperty, restoreSavedProperty, useSavedProperties } from './saved-properties';
import { useUserData, useUserDataError, useUserId, useWhenOpen } from '../../data/user-data';
import { formatCount } from '../../lib/format';
import { toast } from '../../lib/toast';
import { PageContainer } from '../../ui/page-container';
import { SelectField, TextField } from '../../ui/field';
import type { SavedProperty } from './property-card';
import { isSort, SORTS, viewOf, type Sort } from './list-view';
import { SavedPropertiesList } from './saved-properties-list';
import { failureWords } from '../../lib/refusal-words';

export { EXTENSION_AUTH_PATH, SavedPropertiesList } from './saved-properties-list';

const styles = {
  // One column the page's width: a form control's intrinsic width (a select sizes to its longest
  // option) must not widen the page past a phone's.
  page: css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '6', alignContent: 'start' }),
  heading: css({
    fontFamily: 'heading',
    fontSize: { base: '2xl', md: '3xl' },
    fontWeight: 'bold',
    _focus: { outline: 'none' },
  }),
  intro: css({ color: 'fg.muted' }),
  status: css({ p: '8', textAlign: 'center', color: 'fg.muted' }),
  tools: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto' },
    gap: '4',
    alignItems: 'end',
  }),
  count: css({
    gridColumn: '1 / -1',
    color: 'fg.muted',
    fontSize: 'sm',
    overflowWrap: 'anywhere',
    _empty: { display: 'none' },
  }),
};

const SORT_OPTIONS = Object.entries(SORTS).map(([value, label]) => ({ value, label }));
const count = (n: number) => `${formatCount(n)} ${n === 1 ? 'property' : 'properties'}`;

/** /saved-properties: the signed-in user's saved properties, read from the local database. */
export function SavedPropertiesPage() {
  const data = useUserData();
  const storageError = useUserDataError();
  const { loading, properties } = useSavedProperties(useUserId(), data);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('newest');
  // Typing stays immediate; the filtering of thousands follows.
  const query = useDeferredValue(search);
  const shown = useMemo(() => viewOf(properties, query, sort), [properties, query, sort]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const countId = useId();
  const searching = query.trim() !== '';
  const whenOpen = useWhenOpen(data);

  const handleRemove = useCallback(
    async (property: SavedProperty) => {
      setRemovingId(property.id);
      try {
        const open = await whenOpen();
        await removeSavedProperty(open, property.id);
        toast.success('Property removed', property.title?.trim() || undefined, {
          id: `property-removed:${property.id}`,
          action: { label: 'Undo', onClick: () => void handleUndo(open, property) },
        });
        // The card and its button are gone: keep keyboard focus somewhere sensible.
        headingRef.current?.focus();
      } catch (error) {
        toast.error('Could not remove the property', failureWords(error));
      } finally {
        setRemovingId(null);
      }
    },
    [whenOpen],
  );
  const onRemove = useCallback((property: SavedProperty) => void handleRemove(property), [handleRemove]);

  const some = !loading && properties.length > 0;
  return (
    <PageContainer className={styles.page}>
      <header>
        <h1 ref={headingRef} tabIndex={-1} className={styles.heading}>
          Saved Properties
        </h1>
        <p className={styles.intro}>
          {some
            ? `${count(properties.length)}, ${SORTS[sort].toLowerCase()}.`
            : 'Listings you save with the browser extension, kept on this device.'}
        </p>
      </header>
      {storageError ? (
        <p role="alert" className={styles.status}>
          This browser does not let Chloe keep your saved properties on this device ({storageError.message}). Try
          another browser, or leave private browsing.
        </p>
      ) : (
        <>
          {some ? (
            <div className={styles.tools}>
              <TextField
                label="Search saved properties"
                type="search"
                placeholder="Title, address, agent or feature"
                maxLength={200}
                value={search}
                aria-describedby={countId}
                onChange={(event) => setSearch(event.target.value)}
              />
              <SelectField
                label="Sort"
                options={SORT_OPTIONS}
                value={sort}
                onChange={(event) => isSort(event.target.value) && setSort(event.target.value)}
              />
              <p id={countId} className={styles.count} aria-live="polite">
                {searching
                  ? shown.length === 0
                    ? `No saved property matches “${query.trim()}”.`
                    : `${formatCount(shown.length)} of ${count(properties.length)} match “${query.trim()}”.`
                  : ''}
              </p>
            </div>
          ) : null}
          {some && shown.length === 0 ? null : (
            <SavedPropertiesList
              // A new search or order starts again from its first cards.
              key={`${sort}\n${query}`}
              loading={loading}
              properties={shown}
              removingId={removingId}
              onRemove={onRemove}
            />
          )}
        </>
      )}
    </PageContainer>
  );
}

async function handleUndo(from: Parameters<typeof restoreSavedProperty>[0], property: SavedProperty) {
  try {
    await restoreSavedProperty(from, property.id);
  } catch (error) {
    toast.error('Could not restore the property', failureWords(error));
  }
}
