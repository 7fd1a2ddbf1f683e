import type { ReactNode } from 'react';
import { Progress, Steps } from '@ark-ui/react';
import { css } from 'styled-system/css';
import { Button } from './button';

const styles = {
  // minmax(0, 1fr) and minW 0: a long step list scrolls inside its own strip instead of widening the page.
  root: css({ display: 'grid', gap: '6', gridTemplateColumns: 'minmax(0, 1fr)', minW: '0' }),
  steps: css({ display: 'flex', gap: '2', overflowX: 'auto', pb: '1' }),
  stepItem: css({ flex: '1', display: 'flex', alignItems: 'center', gap: '2', minW: 'max-content' }),
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
    '&[data-current]': { borderColor: 'primary', color: 'primary.text' },
    '&[data-complete]': { bg: 'primary', borderColor: 'primary', color: 'fg.onBrand' },
  }),
  stepLabel: css({
    fontSize: 'sm',
    display: { base: 'none', md: 'inline' },
    '&[data-current]': { fontWeight: 'bold' },
  }),
  separator: css({ flex: '1', h: '2px', bg: 'border', minW: '4', '&[data-complete]': { bg: 'primary' } }),
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
  title: css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold' }),
  nav: css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'space-between' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3' }),
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
  /** The buttons on the right: Next, Save for later, Submit... */
  actions: ReactNode;
  children: ReactNode;
};

/** Steps header, progress, the current step in a card, and Back beside the step's actions. */
export function WizardShell(props: WizardShellProps) {
  const { steps, step, status, onSubmit, back, actions, children } = props;
  const title = steps[step - 1];
  return (
    <div className={styles.root}>
      {props.indicator === 'numbered' ? (
        <NumberedSteps steps={steps} step={step} label={props.label} />
      ) : (
        <ProgressBar steps={steps} step={step} />
      )}
      {status}
      <form
        className={styles.card}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <h2 className={styles.title}>{title}</h2>
        {children}
        <div className={styles.nav}>
          <Button type="button" variant="secondary" disabled={step === 1} onClick={back.onClick}>
            {back.label}
          </Button>
          <div className={styles.actions}>{actions}</div>
        </div>
      </form>
    </div>
  );
}

function NumberedSteps({ steps, step, label }: { steps: readonly string[]; step: number; label: string }) {
  return (
    <>
      <Steps.Root count={steps.length} step={step - 1} linear>
        <Steps.List className={styles.steps} aria-label={label}>
          {steps.map((title, index) => (
            <Steps.Item key={title} index={index} className={styles.stepItem}>
              <Steps.Indicator className={styles.indicator}>{index + 1}</Steps.Indicator>
              <span className={styles.stepLabel} data-current={index === step - 1 ? '' : undefined}>
                {title}
              </span>
              {index < steps.length - 1 ? <Steps.Separator className={styles.separator} /> : null}
            </Steps.Item>
          ))}
        </Steps.List>
      </Steps.Root>
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
        <Progress.Label>
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
