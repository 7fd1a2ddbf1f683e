import { useDeferredValue, useId, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { useSavedProperties } from './saved-properties';
import { useUserData, useUserDataError, useUserId } from '../../data/user-data';
import { PageContainer } from '../../ui/page-container';
import { SORTS, viewOf, type Sort } from './list-view';
import { ListTools, propertyCount } from './list-tools';
import { SavedPropertiesList } from './saved-properties-list';
import { useRemoveProperty } from './use-remove-property';

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
};

/** /saved-properties: the signed-in user's saved properties, read from the local database. */
export function SavedPropertiesPage() {
  const data = useUserData();
  const storageError = useUserDataError();
  const { loading, properties } = useSavedProperties(useUserId(), data);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('newest');
  // Typing stays immediate; the filtering of thousands follows.
  const query = useDeferredValue(search);
  const shown = useMemo(() => viewOf(properties, query, sort), [properties, query, sort]);
  const countId = useId();
  const { headingRef, removingId, onRemove } = useRemoveProperty(data);

  const some = !loading && properties.length > 0;
  return (
    <PageContainer className={styles.page}>
      <header>
        <h1 ref={headingRef} tabIndex={-1} className={styles.heading}>
          Saved Properties
        </h1>
        <p className={styles.intro}>
          {some
            ? `${propertyCount(properties.length)}, ${SORTS[sort].toLowerCase()}.`
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
            <ListTools
              search={search}
              onSearch={setSearch}
              sort={sort}
              onSort={setSort}
              query={query}
              matches={shown.length}
              total={properties.length}
              countId={countId}
            />
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
