import { useId } from 'react';
import { css } from 'styled-system/css';
import type { SavedPropertyDoc } from '../../data/schemas';
import { formatPrice, plural } from '../../lib/format';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';

export type SavedProperty = Pick<
  SavedPropertyDoc,
  'id' | 'title' | 'address' | 'price' | 'bedrooms' | 'property_type' | 'key_features' | 'agent_name' | 'agency_name'
> &
  Partial<Pick<SavedPropertyDoc, 'listing_url' | 'portal'>>;

const PORTAL_NAMES: Record<string, string> = { rightmove: 'Rightmove', zoopla: 'Zoopla' };

/** The listing a property was saved from, when it is a web address (the server checks that too). */
export function listingLink(property: SavedProperty): { href: string; label: string } | null {
  const url = property.listing_url?.trim();
  if (!url || !/^https?:\/\/\S+$/i.test(url)) return null;
  const portal = property.portal ? PORTAL_NAMES[property.portal] : undefined;
  return { href: url, label: portal ? `View on ${portal}` : 'View the listing' };
}

const styles = {
  card: css({ display: 'grid', gap: '3', h: 'full', alignContent: 'start' }),
  top: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: '2' }),
  // What the extension captured can be long and unbroken: it wraps anywhere, and a title stops at three lines.
  title: css({
    fontFamily: 'heading',
    fontSize: { base: 'lg', md: 'xl' },
    fontWeight: 'bold',
    lineHeight: 'tight',
    minW: '0',
    overflowWrap: 'anywhere',
    lineClamp: '3',
  }),
  price: css({ fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'bold', color: 'primary.text', whiteSpace: 'nowrap' }),
  noPrice: css({ fontSize: 'sm', color: 'fg.muted' }),
  address: css({ color: 'fg.muted', fontSize: 'sm', overflowWrap: 'anywhere', lineClamp: '3' }),
  facts: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  fact: css({
    px: '2.5',
    py: '0.5',
    minW: '0',
    overflowWrap: 'anywhere',
    borderRadius: 'full',
    bg: 'primary.subtle',
    color: 'primary.text',
    fontSize: 'sm',
    fontWeight: 'medium',
  }),
  featuresHeading: css({ fontSize: 'sm', fontWeight: 'semibold' }),
  features: css({
    listStyle: 'disc',
    pl: '5',
    fontSize: 'sm',
    display: 'grid',
    gap: '0.5',
    overflowWrap: 'anywhere',
    '& li::marker': { color: 'primary' },
  }),
  link: css({
    justifySelf: 'start',
    color: 'primary.text',
    fontSize: 'sm',
    fontWeight: 'semibold',
    textDecoration: 'underline',
    _hover: { textDecoration: 'none' },
  }),
  footer: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'flex-end' },
    justifyContent: 'space-between',
    gap: '3',
    mt: 'auto',
    pt: '3',
    borderTopWidth: '1px',
    borderColor: 'border',
  }),
  people: css({
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    columnGap: '2',
    minW: '0',
    fontSize: 'sm',
    '& dt': { color: 'fg.muted' },
    '& dd': { fontWeight: 'medium', overflowWrap: 'anywhere', lineClamp: '2' },
  }),
};

type PropertyCardProps = {
  property: SavedProperty;
  removing?: boolean;
  onRemove: (property: SavedProperty) => void;
};

/** One saved property: what the extension captured, and a way to remove it. */
export function PropertyCard({ property, removing = false, onRemove }: PropertyCardProps) {
  const titleId = useId();
  const title = property.title?.trim() || 'Untitled property';
  const price = formatPrice(property.price);
  const facts = [
    property.bedrooms === null || property.bedrooms === undefined ? null : plural(property.bedrooms, 'bedroom'),
    property.property_type?.trim() || null,
  ].filter((fact): fact is string => Boolean(fact));
  const features = property.key_features.filter((feature) => feature.trim() !== '');
  const link = listingLink(property);

  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <div className={styles.top}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {price ? <p className={styles.price}>{price}</p> : <p className={styles.noPrice}>Price not listed</p>}
      </div>
      {property.address ? <p className={styles.address}>{property.address}</p> : null}
      {facts.length ? (
        <ul className={styles.facts} aria-label="Property facts">
          {facts.map((fact) => (
            <li key={fact} className={styles.fact}>
              {fact}
            </li>
          ))}
        </ul>
      ) : null}
      {features.length ? (
        <div>
          <h3 className={styles.featuresHeading}>Key features</h3>
          <ul className={styles.features}>
            {features.map((feature, index) => (
              <li key={`${index}-${feature}`}>{feature}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {link ? (
        <a href={link.href} target="_blank" rel="noopener noreferrer" className={styles.link}>
          {link.label}
          <span className={css({ srOnly: true })}> (opens in a new tab): {title}</span>
        </a>
      ) : null}
      <div className={styles.footer}>
        {property.agent_name || property.agency_name ? (
          <dl className={styles.people}>
            {property.agent_name ? (
              <>
                <dt>Agent</dt>
                <dd>{property.agent_name}</dd>
              </>
            ) : null}
            {property.agency_name ? (
              <>
                <dt>Agency</dt>
                <dd>{property.agency_name}</dd>
              </>
            ) : null}
          </dl>
        ) : (
          <span />
        )}
        <Button
          variant="secondary"
          size="sm"
          busy={removing}
          aria-label={`Remove ${title}`}
          onClick={() => onRemove(property)}
        >
          Remove
        </Button>
      </div>
    </Card>
  );
}
