import { useEffect, useState } from 'react';
import type { User } from '@supabase/supabase-js';
import { toast } from '../../lib/toast';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { PageContainer } from '../../ui/page-container';
import { accountStyles as styles } from './account-styles';
import { LINK_INVALID, ONE_OF_TWO, type EmailChangeLink } from './api/email-change-link';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';

export const EMAIL_CHANGED = 'Email address changed';

type AccountPageProps = {
  /** The signed-in user as the session has it now (an update or a followed link replaces it). */
  user: User;
  /** The confirmation link this page was opened with, if any. */
  link?: EmailChangeLink;
};

/** /account: the signed-in user's email address and password. */
export function AccountPage({ user, link = null }: AccountPageProps) {
  // A failed link's words stay while the page is open (the address no longer shows the link).
  const [linkInvalid] = useState(link === 'link-invalid');
  const [oneOfTwo] = useState(link === 'one-of-two');
  useEffect(() => {
    // Once per link: the toast store makes a repeat (StrictMode) the same toast.
    if (link === 'changed') toast.success(EMAIL_CHANGED, user.email);
  }, [link, user.email]);

  return (
    <PageContainer width="narrow" className={styles.page}>
      <header>
        <CardTitle>Account</CardTitle>
        <CardDescription>Your sign-in email address and password.</CardDescription>
      </header>
      <Card className={styles.section} aria-labelledby="account-email">
        <h2 id="account-email" className={styles.heading}>
          Email address
        </h2>
        <p className={styles.current}>
          <span className={styles.label}>Signed in as </span>
          <span className={styles.address} data-testid="account-email">
            {user.email}
          </span>
        </p>
        {user.new_email ? (
          <p role="status" className={styles.notice}>
            Waiting for confirmation of {user.new_email}
          </p>
        ) : null}
        {oneOfTwo ? (
          <p role="status" className={styles.notice}>
            {ONE_OF_TWO}
          </p>
        ) : null}
        {linkInvalid ? (
          <p role="alert" className={styles.alert}>
            {LINK_INVALID}
          </p>
        ) : null}
        <ChangeEmailForm currentEmail={user.email ?? ''} />
      </Card>
      <Card className={styles.section} aria-labelledby="account-password">
        <h2 id="account-password" className={styles.heading}>
          Password
        </h2>
        <ChangePasswordForm />
      </Card>
    </PageContainer>
  );
}
