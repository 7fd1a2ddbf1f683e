// A value put in a focused field from elsewhere (another tab's, another device's) while the user
// had all of it selected, to type over it: the new value is selected in turn, so what they type
// next replaces it whole instead of landing after it (a splice: 'Tab two 0Tab one 0'). So is one
// put in a focused empty field before the first key.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

type Editable = HTMLInputElement | HTMLTextAreaElement;

/** All of the field's value is selected (a number input has no selection range: select() only). */
function selectsAll(el: Editable): boolean {
  if (el.selectionStart === null) return true;
  return el.value.length > 0 && el.selectionStart === 0 && el.selectionEnd === el.value.length;
}

/** The ref to put on the field whose value is `value`. */
export function useWholeSelectionKept<E extends Editable>(value: unknown): RefObject<E | null> {
  const ref = useRef<E>(null);
  const whole = useRef(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onSelect = () => (whole.current = selectsAll(el));
    // Into an empty field: all of nothing is the user's, so a value arriving before their first
    // key is replaced by it, not prefixed to it ('Road Linden 3Road Falcon 6', soak seed 9034).
    const onFocus = () => (whole.current = el.value === '' || selectsAll(el));
    // Typing, a click or a key moves or replaces the selection; a new one says so again.
    const gone = () => (whole.current = false);
    const events = ['input', 'keydown', 'mousedown', 'blur'] as const;
    el.addEventListener('select', onSelect);
    el.addEventListener('focus', onFocus);
    for (const e of events) el.addEventListener(e, gone);
    return () => {
      el.removeEventListener('select', onSelect);
      el.removeEventListener('focus', onFocus);
      for (const e of events) el.removeEventListener(e, gone);
    };
  }, []);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && whole.current && el === el.ownerDocument.activeElement && el.value !== '') el.select();
  }, [value]);
  return ref;
}
