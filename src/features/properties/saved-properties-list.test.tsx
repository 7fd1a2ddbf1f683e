// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { FIRST_FRAME, PAGE_SIZE, SavedPropertiesList } from './saved-properties-list';
import { heldFrames } from '../../testing/frames';
import { savedProperty } from '../../testing/saved-property';

// What waits for the list's first content is told when it is drawn (the early read's hold).
const drawn = vi.hoisted(() => ({ calls: 0 }));
vi.mock('./api/early-read', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api/early-read')>()),
  listDrawn: () => drawn.calls++,
}));

const many = Array.from({ length: 60 }, (_, i) => savedProperty({ title: `House ${i + 1}` }));
const cards = () => within(screen.getByRole('list', { name: 'Saved properties' })).getAllByRole('listitem');

describe('SavedPropertiesList', () => {
  const { frames, runFrames } = heldFrames();
  /** The frame is drawn (its callbacks run), then `ms` pass (the task after it is the paint's). */
  const frameThen = (ms: number) =>
    act(() => {
      runFrames();
      vi.advanceTimersByTime(ms);
    });

  it("draws a screen's worth of cards in its first frame, the rest of its first page once that is painted", () => {
    render(<SavedPropertiesList loading={false} properties={many} onRemove={() => {}} />);
    expect(FIRST_FRAME).toBeLessThan(PAGE_SIZE);
    expect(cards().map((li) => within(li).getByRole('heading', { level: 2 }).textContent)).toEqual(
      many.slice(0, FIRST_FRAME).map((p) => p.title),
    );
    // Nothing claims more than is drawn, nor offers more, until then.
    expect(screen.queryByText(/^Showing/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).toBeNull();

    expect(frames).toHaveLength(1);
    act(() => frames.shift()!(performance.now()));
    expect(cards(), 'not in the frame itself').toHaveLength(FIRST_FRAME);
    frameThen(0);
    expect(cards()).toHaveLength(PAGE_SIZE);
    expect(screen.getByText('Showing 24 of 60')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show 24 more' })).toBeTruthy();
  });

  it('draws the rest without a frame too (a tab opened in the background paints none)', () => {
    render(<SavedPropertiesList loading={false} properties={many} onRemove={() => {}} />);
    expect(cards()).toHaveLength(FIRST_FRAME);
    act(() => {
      vi.advanceTimersByTime(250);
    });
    expect(cards()).toHaveLength(PAGE_SIZE);
  });

  it('counts its first frame from the one its first cards are in (after loading)', () => {
    const { rerender } = render(<SavedPropertiesList loading properties={[]} onRemove={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('Loading saved properties...');
    frameThen(250);
    rerender(<SavedPropertiesList loading={false} properties={many} onRemove={() => {}} />);
    expect(cards()).toHaveLength(FIRST_FRAME);
    frameThen(0);
    expect(cards()).toHaveLength(PAGE_SIZE);
  });

  it('draws a short list whole at once', () => {
    render(<SavedPropertiesList loading={false} properties={many.slice(0, 3)} onRemove={() => {}} />);
    expect(cards()).toHaveLength(3);
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });
  it('says when it has drawn its first content: cards or that there are none, not the loading line', () => {
    drawn.calls = 0;
    const { rerender } = render(<SavedPropertiesList loading properties={[]} onRemove={() => {}} />);
    expect(drawn.calls).toBe(0);
    rerender(<SavedPropertiesList loading={false} properties={many} onRemove={() => {}} />);
    expect(drawn.calls).toBe(1);
    rerender(<SavedPropertiesList loading={false} properties={[]} onRemove={() => {}} />);
    expect(drawn.calls).toBe(1);
  });
});
