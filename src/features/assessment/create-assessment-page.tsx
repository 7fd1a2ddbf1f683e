import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useSubscriptions } from '../../data/subscriptions';
import type { UserDatabase } from '../../data/database';
import { useUserData } from '../../data/user-data';
import { isAssessmentUnlocked, LOCKED_MESSAGE } from '../../lib/shareholding';
import { buttonRecipe } from '../../ui/button';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { LoadingStatus } from '../../ui/loading-status';
import { PageContainer } from '../../ui/page-container';
import { useCreatedAssessments } from './api/list-created-assessments';
import { CreatedAssessments } from './created-assessments';
import { CreateLinkForm } from './create-link-form';

const styles = {
  page: css({ display: 'grid', gap: '6', alignContent: 'start', maxW: '60rem' }),
  title: css({ fontFamily: 'heading', fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' }),
};

/** /create-assessment: shareholders whose payment is received and shares issued make links. */
export function CreateAssessmentPage({ userId }: { userId: string }) {
  const data = useUserData();
  const view = useSubscriptions(data);
  if (view.loading) return <LoadingStatus />;
  if (!isAssessmentUnlocked(view.statuses)) {
    return (
      <PageContainer>
        <Card className={css({ display: 'grid', gap: '4', justifyItems: 'start', maxW: '36rem', mx: 'auto' })}>
          <CardTitle>Agent Assessment</CardTitle>
          <CardDescription>{LOCKED_MESSAGE}</CardDescription>
          {view.signed ? (
            <Link to="/shareholder/dashboard" className={buttonRecipe()}>
              Go to your shareholder dashboard
            </Link>
          ) : (
            <Link to="/shareholder" className={buttonRecipe()}>
              Become a shareholder
            </Link>
          )}
        </Card>
      </PageContainer>
    );
  }
  return <CreateAssessment db={data?.db ?? null} userId={userId} />;
}

function CreateAssessment({ db, userId }: { db: UserDatabase | null; userId: string }) {
  const created = useCreatedAssessments(db, userId);
  return (
    <PageContainer className={styles.page}>
      <h1 className={styles.title}>Create Assessment</h1>
      <CreateLinkForm onCreated={() => void created.reload()} />
      <CreatedAssessments created={created} />
    </PageContainer>
  );
}
