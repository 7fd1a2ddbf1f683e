import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { clearNormanPass, setNormanPass, useNormanAccess } from '../../lib/norman-pass';
import { useOnline } from '../../lib/online';
import { toast } from '../../lib/toast';
import { Button, ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { TextField } from '../../ui/field';
import { PageContainer } from '../../ui/page-container';
import { requestNormanAccess } from './api/norman-access';
import { NORMAN } from './norman-content';

const styles = {
  page: css({ display: 'grid', gap: { base: '6', md: '8' }, alignContent: 'start' }),
  top: css({ display: 'flex', justifyContent: 'flex-start' }),
  hero: css({ display: 'grid', gap: '2', textAlign: 'center', justifyItems: 'center' }),
  title: css({
    fontFamily: 'heading',
    fontSize: { base: '3xl', md: '5xl' },
    fontWeight: 'bold',
    color: 'brand.800',
    _focus: { outline: 'none' },
  }),
  subtitle: css({ fontSize: { base: 'md', md: 'xl' }, color: 'fg.muted', maxW: '40rem' }),
  cards: css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, alignItems: 'start' }),
  cardTitle: css({ fontFamily: 'heading', fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'bold', mb: '3' }),
  points: css({ listStyle: 'disc', pl: '5', display: 'grid', gap: '1.5', color: 'fg' }),
  form: css({ display: 'grid', gap: '4' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
  alert: css({
    // danger.hover (red 700): red 600 on the pale red reads at 4.4:1, under AA.
    color: 'danger.hover',
    bg: 'danger.subtle',
    borderWidth: '1px',
    borderColor: 'danger.border',
    borderRadius: 'md',
    p: '3',
    fontSize: 'sm',
  }),
  opsHeader: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    px: { base: '4', md: '8' },
    py: '3',
    bg: 'gray.900',
    color: 'white',
  }),
  opsBack: css({ color: 'white', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '3px' }),
  opsTitle: css({ fontFamily: 'heading', fontWeight: 'bold', fontSize: { base: 'md', md: 'lg' } }),
  voice: css({ display: 'flex', justifyContent: 'center', w: 'full', minW: '0', mt: '4' }),
  caption: css({ fontSize: { base: 'sm', md: 'md' }, fontWeight: 'medium', color: 'gray.700', maxW: '32rem' }),
  blurb: css({ maxW: '44rem', mx: 'auto', textAlign: 'center', color: 'fg', lineHeight: 'relaxed' }),
  tiles: css({
    display: 'grid',
    gap: { base: '3', md: '5' },
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
  }),
  tile: css({
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    p: { base: '3', md: '5' },
    display: 'grid',
    gap: '1',
    alignContent: 'start',
  }),
  tileTitle: css({ fontWeight: 'bold', fontSize: { base: 'sm', md: 'md' }, overflowWrap: 'anywhere' }),
  tileText: css({ fontSize: { base: 'xs', md: 'sm' }, color: 'fg.muted' }),
  closing: css({ textAlign: 'center', fontFamily: 'heading', fontSize: { base: 'lg', md: '2xl' }, fontWeight: 'bold' }),
};

type NormanPageProps = {
  /** Norman's voice button (composed by the route), given the hint to show under it. */
  voice: (caption: ReactNode) => ReactNode;
  /** The embedded voice widget tied to Norman's agent (composed by the route). */
  widget?: ReactNode;
};

/** /norman (spec §2): locked until the server accepts the password; unlocked for this page session only. */
export function NormanPage({ voice, widget }: NormanPageProps) {
  const { pass, lockedBecause } = useNormanAccess();
  // The pass runs out on the server: lock the page at the same moment rather than at the next call.
  useEffect(() => {
    if (!pass) return;
    const left = pass.expiresAt - Date.now();
    const timer = window.setTimeout(
      () => clearNormanPass('Your access to Norman has expired. Enter the password again.'),
      Math.max(0, Math.min(left, 2 ** 31 - 1)),
    );
    return () => window.clearTimeout(timer);
  }, [pass]);
  return pass ? <Unlocked voice={voice} widget={widget} /> : <Locked lockedBecause={lockedBecause} />;
}

function Locked({ lockedBecause }: { lockedBecause: string | null }) {
  return (
    <PageContainer className={styles.page}>
      <div className={styles.top}>
        <ButtonLink to="/" variant="secondary">
          Back to Home
        </ButtonLink>
      </div>
      <header className={styles.hero}>
        <h1 className={styles.title}>{NORMAN.title}</h1>
        <p className={styles.subtitle}>{NORMAN.subtitle}</p>
      </header>
      <div className={styles.cards}>
        <Card aria-labelledby="meet-norman">
          <h2 id="meet-norman" className={styles.cardTitle}>
            {NORMAN.meet.title}
          </h2>
          <ul className={styles.points}>
            {NORMAN.meet.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </Card>
        <Card aria-labelledby="norman-access">
          <h2 id="norman-access" className={styles.cardTitle}>
            {NORMAN.access.title}
          </h2>
          <AccessForm lockedBecause={lockedBecause} />
        </Card>
      </div>
    </PageContainer>
  );
}

function AccessForm({ lockedBecause }: { lockedBecause: string | null }) {
  const online = useOnline();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async () => {
    if (busy) return;
    if (!password) {
      setFieldError(NORMAN.access.required);
      input.current?.focus();
      return;
    }
    if (!online) {
      setProblem(NORMAN.access.needsConnection);
      return;
    }
    setBusy(true);
    setProblem(null);
    setFieldError(undefined);
    const reply = await requestNormanAccess(password);
    setBusy(false);
    if (reply.ok) {
      setNormanPass(reply.pass);
      toast.success(...NORMAN.granted);
      return;
    }
    if (reply.kind === 'incorrect') {
      toast.error(...NORMAN.denied);
      setFieldError(NORMAN.denied[1]);
    } else if (reply.kind === 'too-many') {
      toast.error(NORMAN.tooMany, reply.message);
      setProblem(reply.message);
    } else if (reply.kind === 'network') {
      setProblem(NORMAN.access.needsConnection);
    } else {
      setProblem(reply.message);
    }
    input.current?.select();
  };

  const message = !online ? NORMAN.access.needsConnection : (problem ?? lockedBecause);
  return (
    <form
      noValidate
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className={styles.muted}>{NORMAN.access.description}</p>
      {message ? (
        <p role="alert" id="norman-access-problem" className={styles.alert}>
          {message}
        </p>
      ) : null}
      <TextField
        ref={input}
        label={NORMAN.access.label}
        type="password"
        name="password"
        autoComplete="current-password"
        placeholder={NORMAN.access.placeholder}
        required
        maxLength={200}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setFieldError(undefined);
        }}
        error={fieldError}
      />
      <Button
        type="submit"
        size="lg"
        busy={busy}
        disabled={!online}
        aria-describedby={!online ? 'norman-access-problem' : undefined}
      >
        {NORMAN.access.submit}
      </Button>
    </form>
  );
}

function Unlocked({ voice, widget }: NormanPageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone: the reader continues from the unlocked page's heading.
  useEffect(() => heading.current?.focus(), []);
  const copy = NORMAN.unlocked;
  return (
    <>
      <header className={styles.opsHeader}>
        <Link to="/" className={styles.opsBack}>
          {copy.back}
        </Link>
        <span className={styles.opsTitle}>{copy.header}</span>
      </header>
      <PageContainer className={styles.page}>
        <div className={styles.hero}>
          <h1 ref={heading} tabIndex={-1} className={styles.title}>
            {NORMAN.title}
          </h1>
          <p className={styles.subtitle}>{NORMAN.subtitle}</p>
          <div className={styles.voice}>{voice(<p className={styles.caption}>{copy.hint}</p>)}</div>
        </div>
        <section aria-labelledby="meet-norman-blurb" className={styles.hero}>
          <h2 id="meet-norman-blurb" className={styles.cardTitle}>
            {NORMAN.meet.title}
          </h2>
          <p className={styles.blurb}>{NORMAN.meet.blurb}</p>
        </section>
        <section aria-labelledby="norman-tiles">
          <h2 id="norman-tiles" className={css({ srOnly: true })}>
            {copy.tilesTitle}
          </h2>
          <ul className={styles.tiles}>
            {copy.tiles.map((tile) => (
              <li key={tile.title} className={styles.tile}>
                <h3 className={styles.tileTitle}>{tile.title}</h3>
                <p className={styles.tileText}>{tile.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <p className={styles.closing}>{copy.closing}</p>
        {widget}
      </PageContainer>
    </>
  );
}
