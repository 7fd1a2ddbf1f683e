import { useCallback, useEffect } from 'react';
import { Tabs } from '@ark-ui/react';
import { css } from 'styled-system/css';
import { useUserData } from '../../data/user-data';
import { useOnline } from '../../lib/online';
import { toast } from '../../lib/toast';
import { PageContainer } from '../../ui/page-container';
import { useEmailLogs } from './api/list-email-logs';
import { useGmailAccounts } from './api/list-gmail-accounts';
import { ActivityLogsTab } from './activity-logs-tab';
import { DASHBOARD_TABS, type DashboardTab } from './dashboard-tabs';
import { IntegrationsTab } from './integrations-tab';
import { SettingsTab } from './settings-tab';
import { useGmailConnect } from './use-gmail-connect';

const TAB_LABELS: Record<DashboardTab, string> = {
  integrations: 'Integrations',
  settings: 'Settings',
  logs: 'Activity Logs',
};

const styles = {
  page: css({ display: 'grid', gap: '6', alignContent: 'start', minW: '0' }),
  title: css({ fontFamily: 'heading', fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' }),
  subtitle: css({ color: 'fg.muted', overflowWrap: 'anywhere' }),
  tabs: css({ display: 'grid', gap: '4', minW: '0' }),
  // Three equal columns at any width: a label wraps inside its tab rather than widen the list.
  list: css({
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: '1',
    p: '1',
    bg: 'bg.muted',
    borderRadius: 'lg',
  }),
  trigger: css({
    minW: '0',
    minH: '10',
    px: '2',
    py: '1',
    borderRadius: 'md',
    fontSize: 'sm',
    fontWeight: 'semibold',
    lineHeight: 'tight',
    color: 'fg.muted',
    overflowWrap: 'anywhere',
    cursor: 'pointer',
    _hover: { color: 'fg' },
    _selected: { bg: 'bg.surface', color: 'primary.text', boxShadow: 'sm' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  }),
  content: css({ minW: '0', _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '4px' } }),
};

type DashboardPageProps = {
  email: string | undefined;
  userId: string;
  tab: DashboardTab;
  onTabChange: (tab: DashboardTab) => void;
  /** Where a visitor without a session goes (/auth, 2 s after the message). */
  onSignIn: () => void;
};

/**
 * A fetch that failed while online says so once; offline the kept copy speaks for itself
 * (docs/product/email-assistant.md#offline).
 */
function useFailureToast(error: string | null, online: boolean, description: string) {
  useEffect(() => {
    if (error && online) toast.error('Error', description);
  }, [error, online, description]);
}

/** /dashboard: the email assistant's three tabs (docs/product/email-assistant.md#tabs). */
export function DashboardPage({ email, userId, tab, onTabChange, onSignIn }: DashboardPageProps) {
  const data = useUserData();
  const db = data?.db ?? null;
  const online = useOnline();
  const accounts = useGmailAccounts(db, userId);
  const logs = useEmailLogs(db, userId);
  const { reload: reloadAccounts } = accounts;
  const onConnected = useCallback(() => reloadAccounts(), [reloadAccounts]);
  const gmail = useGmailConnect({ userId, onConnected, onSignIn });
  useFailureToast(accounts.error, online, 'Failed to fetch Gmail accounts');
  useFailureToast(logs.error, online, 'Failed to fetch email logs');

  return (
    <PageContainer className={styles.page}>
      <header>
        <h1 className={styles.title}>Email Assistant Dashboard</h1>
        {email ? <p className={styles.subtitle}>Signed in as {email}</p> : null}
      </header>
      <Tabs.Root
        className={styles.tabs}
        value={tab}
        onValueChange={({ value }) => onTabChange(value as DashboardTab)}
        lazyMount
      >
        <Tabs.List className={styles.list}>
          {DASHBOARD_TABS.map((value) => (
            <Tabs.Trigger key={value} value={value} className={styles.trigger}>
              {TAB_LABELS[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="integrations" className={styles.content}>
          <IntegrationsTab
            accounts={accounts}
            connecting={gmail.connecting}
            connectError={gmail.error}
            online={online}
            onConnect={gmail.connect}
          />
        </Tabs.Content>
        <Tabs.Content value="settings" className={styles.content}>
          <SettingsTab db={db} userId={userId} online={online} />
        </Tabs.Content>
        <Tabs.Content value="logs" className={styles.content}>
          <ActivityLogsTab logs={logs} online={online} />
        </Tabs.Content>
      </Tabs.Root>
    </PageContainer>
  );
}
