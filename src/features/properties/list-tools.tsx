import { css } from 'styled-system/css';
import { formatCount } from '../../lib/format';
import { SelectField, TextField } from '../../ui/field';
import { isSort, SORTS, type Sort } from './list-view';

const styles = {
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
export const propertyCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'property' : 'properties'}`;

type ListToolsProps = {
  search: string;
  onSearch: (search: string) => void;
  sort: Sort;
  onSort: (sort: Sort) => void;
  /** The search the list shows (it follows `search` when the filtering catches up). */
  query: string;
  matches: number;
  total: number;
  /** The count's id, which the search field is described by. */
  countId: string;
};

/** Search and order the saved properties, and how many match. */
export function ListTools({ search, onSearch, sort, onSort, query, matches, total, countId }: ListToolsProps) {
  const searching = query.trim() !== '';
  return (
    <div className={styles.tools}>
      <TextField
        label="Search saved properties"
        type="search"
        placeholder="Title, address, agent or feature"
        maxLength={200}
        value={search}
        aria-describedby={countId}
        onChange={(event) => onSearch(event.target.value)}
      />
      <SelectField
        label="Sort"
        options={SORT_OPTIONS}
        value={sort}
        onChange={(event) => isSort(event.target.value) && onSort(event.target.value)}
      />
      <p id={countId} className={styles.count} aria-live="polite">
        {searching
          ? matches === 0
            ? `No saved property matches “${query.trim()}”.`
            : `${formatCount(matches)} of ${propertyCount(total)} match “${query.trim()}”.`
          : ''}
      </p>
    </div>
  );
}
