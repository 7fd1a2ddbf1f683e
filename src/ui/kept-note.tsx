import { css } from 'styled-system/css';
import { formatLongDateTime } from '../lib/format';

const style = css({
  p: '3',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.strong',
  bg: 'bg.muted',
  color: 'fg.muted',
  fontSize: 'sm',
  overflowWrap: 'anywhere',
});

/**
 * How old what a tab shows is, when it is the copy kept on this device: offline, or the server
 * did not answer. Nothing while it is fresh.
 */
/** What the note needs of a kept query (data/kept-query's KeptQuery has it). */
export interface KeptState {
  fromDevice: boolean;
  loadedAt: number | null;
  loading: boolean;
}

export function KeptNote({ query, online, what }: { query: KeptState; online: boolean; what: string }) {
  // Online and still asking: the answer may be a moment away.
  if (!query.fromDevice || query.loadedAt === null || (online && query.loading)) return null;
  const when = formatLongDateTime(new Date(query.loadedAt));
  return (
    <p role="status" className={style}>
      {online
        ? `Could not refresh your ${what}: showing what was loaded on ${when}.`
        : `Offline: showing your ${what} as loaded on ${when}.`}
    </p>
  );
}
