import { useEffect, useRef, type ReactNode } from 'react';
import { Progress } from '@ark-ui/react';
import { css, cx } from 'styled-system/css';
import { Button } from './button';

const styles = {
  // minmax(0, 1fr) and minW 0: nothing inside may widen the page.
  root: css({ display: 'grid', gap: '6', gridTemplateColumns: 'minmax(0, 1fr)', minW: '0' }),
  // The sync status's words change while the page sits there ('Syncing…', then 'All changes
  // synced'): room for the longer keeps what follows them ('Sync details') from moving.
  status: css({ '& [data-sync-kind] > [role=status]': { minW: '12rem' } }),
  // One column per step: the list always fits its width; a long title wraps under its number.
  steps: css({ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: 'minmax(0, 1fr)', gap: '1' }),
  stepItem: css({
    position: 'relative',
    display: 'grid',
    justifyItems: 'center',
    alignContent: 'start',
    gap: '1.5',
    textAlign: 'center',
    minW: '0',
    // The line to the next step, from this number's edge to the next one's.
    '&:not(:last-child)::after': {
      content: '""',
      position: 'absolute',
      top: '4',
      left: 'calc(50% + 1.25rem)',
      right: 'calc(-50% + 1.25rem)',
      h: '2px',
      bg: 'border.strong',
    },
    '&[data-state=complete]:not(:last-child)::after': { bg: 'primary' },
  }),
  indicator: css({
    w: '8',
    h: '8',
    borderRadius: 'full',
    display: 'grid',
    placeItems: 'center',
    fontSize: 'sm',
    fontWeight: 'bold',
    borderWidth: '2px',
    borderColor: 'border.strong',
    color: 'fg.muted',
    bg: 'bg.surface',
    '[data-state=current] > &': { borderColor: 'primary', color: 'primary.text' },
    '[data-state=complete] > &': { bg: 'primary', borderColor: 'primary', color: 'fg.onBrand' },
  }),
  // Under 768 px the numbers alone show; the titles stay for screen readers.
  stepLabel: css({
    fontSize: 'sm',
    lineHeight: 'tight',
    overflowWrap: 'anywhere',
    '[data-state=current] > &': { fontWeight: 'bold' },
    mdDown: {
      position: 'absolute',
      w: '1px',
      h: '1px',
      p: '0',
      m: '-1px',
      overflow: 'hidden',
      clip: 'rect(0, 0, 0, 0)',
      whiteSpace: 'nowrap',
      borderWidth: '0',
    },
  }),
  hidden: css({ srOnly: true }),
  progressText: css({ fontSize: 'sm', color: 'fg.muted' }),
  progress: css({ display: 'grid', gap: '2' }),
  progressTop: css({ display: 'flex', justifyContent: 'space-between', fontSize: 'sm', color: 'fg.muted' }),
  track: css({ h: '2', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden' }),
  range: css({ h: 'full', bg: 'primary', transition: 'width 0.3s' }),
  card: css({
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'xl',
    p: { base: '5', md: '8' },
    display: 'grid',
    gap: '5',
  }),
  title: css({
    fontFamily: 'heading',
    fontSize: 'xl',
    fontWeight: 'bold',
    overflowWrap: 'anywhere',
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  }),
  // A phone: Back and Next on one row at either end, a secondary action on its own row under them,
  // full width. Wider: Back on the left, the secondary action and Next on the right.
  // In the document Back, Next, then the secondary action: the order a phone shows them in.
  nav: css({
    display: 'grid',
    gridTemplateColumns: { base: 'auto auto', md: 'auto 1fr auto' },
    gridTemplateAreas: { base: '"back next"', md: '"back later next"' },
    justifyContent: 'space-between',
    gap: '3',
  }),
  withLater: css({ gridTemplateAreas: { base: '"back next" "later later"', md: '"back later next"' } }),
  back: css({ gridArea: 'back', justifySelf: 'start' }),
  later: css({ gridArea: 'later', display: 'grid', justifySelf: { base: 'stretch', md: 'end' } }),
  next: css({ gridArea: 'next', justifySelf: 'end' }),
};

export type WizardShellProps = {
  /** Step titles, in order. */
  steps: readonly string[];
  /** The current step, 1-based. */
  step: number;
  /** Numbered steps with their titles, or a progress bar with the percentage. */
  indicator: 'numbered' | 'progress';
  /** Names the numbered step list for assistive technology. */
  label: string;
  /** Shown between the progress and the step (the sync status). */
  status?: ReactNode;
  /** Enter or the submit button: the caller decides between Next and finishing. */
  onSubmit: () => void;
  back: { label: string; onClick: () => void };
  /** The step's main button, on the right: Next, or Submit on the last step. */
  next: ReactNode;
  /** A secondary action beside it (Save & Continue Later), under Back and Next on a phone. */
  later?: ReactNode;
  children: ReactNode;
};

/** Steps header, progress, the current step in a card, and Back beside the step's actions. */
export function WizardShell(props: WizardShellProps) {
  const { steps, step, status, onSubmit, back, next, later, children } = props;
  const title = steps[step - 1];
  // A new step takes the focus to its heading (the button pressed is gone or means something else
  // now), so keyboard and screen-reader users start reading where the step starts.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);
  return (
    <div className={styles.root}>
      {props.indicator === 'numbered' ? (
        <NumberedSteps steps={steps} step={step} label={props.label} />
      ) : (
        <ProgressBar steps={steps} step={step} />
      )}
      {status ? <div className={styles.status}>{status}</div> : null}
      <form
        className={styles.card}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <h2 ref={heading} tabIndex={-1} className={styles.title}>
          {title}
        </h2>
        {children}
        <div className={cx(styles.nav, later ? styles.withLater : undefined)}>
          <Button
            type="button"
            variant="secondary"
            disabled={step === 1}
            onClick={back.onClick}
            className={styles.back}
          >
            {back.label}
          </Button>
          <div className={styles.next}>{next}</div>
          {later ? <div className={styles.later}>{later}</div> : null}
        </div>
      </form>
    </div>
  );
}

/**
 * The steps as an ordered list: the current one marked with aria-current="step", the done ones
 * say so. (Ark's Steps is a tablist that needs a tab and a panel per step; this wizard has neither.)
 */
function NumberedSteps({ steps, step, label }: { steps: readonly string[]; step: number; label: string }) {
  return (
    <>
      <ol className={styles.steps} aria-label={label}>
        {steps.map((title, index) => {
          const state = index < step - 1 ? 'complete' : index === step - 1 ? 'current' : 'upcoming';
          return (
            <li
              key={title}
              className={styles.stepItem}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className={styles.indicator} aria-hidden="true">
                {index + 1}
              </span>
              <span className={styles.stepLabel}>
                {title}
                {state === 'complete' ? <span className={styles.hidden}> (completed)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
      <p className={styles.progressText} aria-live="polite">
        Step {step} of {steps.length}: {steps[step - 1]}
      </p>
    </>
  );
}

/** Step ÷ steps as a whole percentage. */
export const progressPercent = (step: number, count: number) => Math.round((step / count) * 100);

function ProgressBar({ steps, step }: { steps: readonly string[]; step: number }) {
  const percent = progressPercent(step, steps.length);
  return (
    <Progress.Root value={percent} className={styles.progress}>
      <div className={styles.progressTop}>
        <Progress.Label aria-live="polite">
          Step {step} of {steps.length}: {steps[step - 1]}
        </Progress.Label>
        <Progress.ValueText>{percent}%</Progress.ValueText>
      </div>
      <Progress.Track className={styles.track}>
        <Progress.Range className={styles.range} />
      </Progress.Track>
    </Progress.Root>
  );
}
